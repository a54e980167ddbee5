import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

/**
 * 示例 › 动态表单示例 of a fresh installation is a design released as the designer releases one: the menu page
 * names a released design, its Config answers, its list holds the seeded samples with their bill numbers, a new
 * record is saved and checked like any other, and the design opens in 在线开发 as a released one.
 */
interface MenuNode {
  fullName: string;
  type: number;
  urlAddress: string | null;
  propertyJson: string | null;
  children?: MenuNode[] | null;
}

const find = (nodes: MenuNode[], name: string): MenuNode | undefined => {
  for (const node of nodes) {
    if (node.fullName === name) return node;
    const inside = find(node.children ?? [], name);
    if (inside) return inside;
  }
  return undefined;
};

describe.each(testDatabases())('the demo form on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);

  it('opens a released design with its samples, and saves a new one', async () => {
    const menus = (await call(suite.admin, 'GET', '/api/oauth/CurrentUser')).data.menuList as MenuNode[];
    const entry = find(find(menus, '示例')?.children ?? [], '动态表单示例');
    expect(entry).toMatchObject({ type: 3, urlAddress: 'demoForm' });
    const designId = JSON.parse(entry!.propertyJson!).moduleId as string;

    const design = (await call(suite.admin, 'GET', `/api/visualdev/Base/${designId}`)).data;
    expect(design).toMatchObject({ fullName: '动态表单示例', enCode: 'demoForm', state: 1, webType: 2 });
    expect((await call(suite.admin, 'GET', `/api/visualdev/OnlineDev/${designId}/Config`)).code).toBe(200);

    const list = (body: object = {}) => call(suite.admin, 'POST', `/api/visualdev/OnlineDev/${designId}/List`, { currentPage: 1, pageSize: 20, ...body });
    const seeded = (await list()).data;
    expect(seeded.pagination.total).toBe(2);
    expect(seeded.list.map((r: { sampleName: string }) => r.sampleName).sort()).toEqual(['土壤样品 S-07', '自来水水样（A 区）']);
    // Numbered by the SampleNo bill rule, as a sample registered by hand would be.
    for (const row of seeded.list as { sampleNo: string }[]) expect(row.sampleNo).toMatch(/\S+/);
    expect(new Set(seeded.list.map((r: { sampleNo: string }) => r.sampleNo)).size).toBe(2);

    const water = seeded.list.find((r: { sampleName: string }) => r.sampleName.startsWith('自来水')) as { id: string };
    const detail = (await call(suite.admin, 'GET', `/api/visualdev/OnlineDev/${designId}/${water.id}`)).data;
    expect(JSON.parse(detail.data).tests.map((t: { item: string }) => t.item)).toEqual(['pH 值', '浊度', '总硬度']);

    // The name is required by the design: refused, and nothing is stored.
    const refused = await call(suite.admin, 'POST', `/api/visualdev/OnlineDev/${designId}`, { data: JSON.stringify({ sampleState: 'gas', submittedOn: Date.now(), tests: [] }) });
    expect(refused.code).toBe(400);
    expect((await list()).data.pagination.total).toBe(2);
    const saved = await call(suite.admin, 'POST', `/api/visualdev/OnlineDev/${designId}`, { data: JSON.stringify({ sampleName: '空气样品', sampleState: 'gas', submittedOn: Date.now(), quantity: 2, tests: [{ item: 'PM2.5', method: '重量法', fee: 120 }] }) });
    expect(saved.code).toBe(200);
    expect((await list({ queryJson: JSON.stringify({ sampleName: '空气' }) })).data.list.map((r: { sampleName: string }) => r.sampleName)).toEqual(['空气样品']);
  });
});
