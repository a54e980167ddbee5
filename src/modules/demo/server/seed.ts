import type { Transaction } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { seedReleasedDesign } from '../../visualdev/server/public.js';
import { seedRecord } from '../../onlineData/server/public.js';
import form from '../../../../fixtures/demo/sample-registration.form.json' with { type: 'json' };
import list from '../../../../fixtures/demo/sample-registration.list.json' with { type: 'json' };
import samples from '../../../../fixtures/demo/sample-registration.records.json' with { type: 'json' };

/** The 示例 directory of the demo's menus.json, which the seeded design's page goes under. */
const DEMO_DIRECTORY = 'menu-demo';

/**
 * 示例 › 动态表单示例: a design released as a designer's release makes it (fixtures/demo/sample-registration.*), so
 * the entry opens a working page — list, search, add, edit, export — with a few fictitious samples in it, and an
 * administrator can open the same design in 在线开发 to see how it is made. Its records are written as the
 * administrator's, on the days the fixture names, and numbered by the SampleNo bill rule like any new sample.
 */
export async function seedDemo(trx: Transaction<DB>): Promise<void> {
  const admin = await trx.selectFrom('base_user').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
  const designId = await seedReleasedDesign(
    trx,
    { fullName: '动态表单示例', enCode: 'demoForm', category: 'lab', formData: form, columnData: list, parentMenuId: DEMO_DIRECTORY, sortCode: 0 },
    admin.id,
  );
  for (const sample of samples.records) {
    await seedRecord(trx, designId, { ...sample, submitter: admin.id, submittedOn: Date.parse(sample.submittedOn) }, admin.id);
  }
}
