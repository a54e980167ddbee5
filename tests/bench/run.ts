import path from 'node:path';
import { writeSection } from './docSection.js';
import { benchApi } from './api.js';
import { benchBundle } from './bundle.js';
import { benchForm } from './form.js';
import { benchStart } from './start.js';
import { benchUpload } from './upload.js';
import { benchOnlineDataList } from './onlineDataList.js';
import { benchSignIn } from './signIn.js';
import { benchChatFlood } from './chatFlood.js';
import { benchFormPages } from './formPages.js';

/**
 * `npm run bench`: every benchmark, or the ones named (`npm run bench -- start`). Each writes its own section of
 * docs/benchmarks.md.
 */
const BENCHMARKS: Record<string, () => Promise<string>> = { form: benchForm, api: benchApi, bundle: benchBundle, start: benchStart, upload: benchUpload, onlineDataList: benchOnlineDataList, signIn: benchSignIn, chatFlood: benchChatFlood, formPages: benchFormPages };
const DOC = path.resolve(import.meta.dirname, '../../docs/benchmarks.md');

async function main(): Promise<void> {
  const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(BENCHMARKS);
  const unknown = names.filter((name) => !BENCHMARKS[name]);
  if (unknown.length) throw new Error(`Unknown benchmark ${unknown.join(', ')}; there are ${Object.keys(BENCHMARKS).join(', ')}`);
  for (const name of names) {
    writeSection(DOC, await BENCHMARKS[name]());
    console.log(`\nWritten the ${name} section of docs/benchmarks.md`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
