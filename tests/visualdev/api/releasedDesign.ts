import { expect } from 'vitest';
import type { ApiSuite } from '../../support/api/apiSuite.js';

/** Creates a design from a form and a list and releases it as a page under 在线开发; answers the design id. */
export async function releasedDesign(suite: ApiSuite, design: { fullName: string; enCode: string; form: object; list: object }): Promise<string> {
  const created = await suite.call(suite.admin, 'POST', '/api/visualdev/Base', {
    fullName: design.fullName,
    enCode: design.enCode,
    category: 'matApply',
    webType: 2,
    formData: JSON.stringify(design.form),
    columnData: JSON.stringify(design.list),
    tables: '[]',
  });
  expect(created.code, created.msg).toBe(200);
  const released = await suite.call(suite.admin, 'POST', `/api/visualdev/Base/${created.data.id}/Actions/Release`, { pc: 1, pcModuleParentId: ['menu-onlineDev'], app: 0 });
  expect(released.code, released.msg).toBe(200);
  return created.data.id;
}
