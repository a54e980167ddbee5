import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { composeMenus } from '../../../src/kernel/server/menus.js';
import { serverModules } from '../../../src/modules/serverModules.js';
import { allMigrations } from '../../../src/app/server/labcode.js';
import { commonMessages } from '../../../src/kernel/server/locales/messages.js';

/**
 * The module contract, checked on the sources: each module writes only the tables it owns, every table has one
 * owner, and module folders are what src/modules/serverModules.ts lists. Reads across modules are allowed (a
 * user's name in a log); writes go through the owner's exported functions.
 */
const MODULES_DIR = path.resolve(import.meta.dirname, '../../../src/modules');
const KERNEL_SERVER_DIR = path.resolve(import.meta.dirname, '../../../src/kernel/server');
/** db/schema.ts, and the tables.ts files modules keep their table types in (joined into DB by schema.ts). */
const SCHEMA = [path.join(KERNEL_SERVER_DIR, 'db/schema.ts'), ...tableFiles(MODULES_DIR)].map((f) => fs.readFileSync(f, 'utf8')).join('\n');

function tableFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name === 'tables.ts')
    .map((e) => path.join(e.parentPath, e.name));
}

/** src/modules/<name>/server of every module whose server/index.ts defines one. */
function moduleFolders(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(dir, entry.name, 'server'))
    .filter((folder) => fs.existsSync(path.join(folder, 'index.ts')) && fs.readFileSync(path.join(folder, 'index.ts'), 'utf8').includes('defineModule('));
}

/** A module's own server source files, without its migrations. */
function sourcesOf(folder: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'migrations') walk(full);
      } else if (entry.name.endsWith('.ts')) files.push(full);
    }
  };
  walk(folder);
  return files;
}

const WRITES = [
  /\b(?:insertInto|updateTable|deleteFrom)\(\s*'([a-z_]+)(?:\s+as\s+\w+)?'/g,
  /\btoggleEnabled\(\s*\w+\s*,\s*'([a-z_]+)'/g,
  /\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)\b[^`]*?(?:values|set|where|returning)/gi,
];

function writtenTables(source: string): Set<string> {
  const tables = new Set<string>();
  for (const pattern of WRITES) for (const match of source.matchAll(pattern)) tables.add(match[1]);
  return tables;
}

describe('the server module contract', () => {
  const folders = moduleFolders(MODULES_DIR);
  const byName = new Map(serverModules.map((m) => [m.name, m]));
  const folderModules = folders.map((folder) => ({ folder, name: path.basename(path.dirname(folder)) }));
  const dbTables = [...SCHEMA.matchAll(/^\s{2}([a-z_]+): \w+Table;$/gm)].map((m) => m[1]);

  it('lists every module folder in src/modules/serverModules.ts, and nothing else', () => {
    expect(folderModules.map((f) => f.name).sort()).toEqual(serverModules.map((m) => m.name).sort());
  });

  const SIDES = ['server', 'client'] as const;
  /** formerly: names the module's code had before it was split off, which its applied migrations keep. */
  type Described = { name: string; description: string; formerly?: string[]; requires: Record<(typeof SIDES)[number], string[]> };
  const moduleNames = () => fs.readdirSync(MODULES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  const describedAs = (name: string) => JSON.parse(fs.readFileSync(path.join(MODULES_DIR, name, 'module.json'), 'utf8')) as Described;

  it('describes every module folder in its module.json: its name, what it is, and only existing modules as requirements, per side', () => {
    const names = moduleNames();
    expect(names.length).toBeGreaterThan(15);
    for (const name of names) {
      const described = describedAs(name);
      expect(described.name, name).toBe(name);
      expect(described.description.length, name).toBeGreaterThan(10);
      expect(Object.keys(described.requires).sort(), name).toEqual(['client', 'server']);
      for (const side of SIDES) {
        for (const required of described.requires[side]) expect(names, `${name}'s ${side} requires ${required}`).toContain(required);
        expect(described.requires[side], name).not.toContain(name);
      }
    }
  });

  /** The groups of modules that require each other, directly or through others, on one side (Tarjan's components). */
  function requirementCycles(side: (typeof SIDES)[number]): string[][] {
    const graph = new Map(moduleNames().map((name) => [name, describedAs(name).requires[side]]));
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const cycles: string[][] = [];
    const visit = (name: string) => {
      index.set(name, index.size);
      low.set(name, index.get(name)!);
      stack.push(name);
      for (const next of graph.get(name) ?? []) {
        if (!index.has(next)) {
          visit(next);
          low.set(name, Math.min(low.get(name)!, low.get(next)!));
        } else if (stack.includes(next)) low.set(name, Math.min(low.get(name)!, index.get(next)!));
      }
      if (low.get(name) !== index.get(name)) return;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== name);
      if (group.length > 1) cycles.push(group.sort());
    };
    for (const name of graph.keys()) if (!index.has(name)) visit(name);
    return cycles;
  }

  it('has no modules requiring each other, on either side', () => {
    expect(requirementCycles('client')).toEqual([]);
    // users and oauth were the last pair: users now asks sign-in through the kernel's SignInService (decision 205).
    expect(requirementCycles('server')).toEqual([]);
  });

  it('has each table of the schema owned by exactly one module', () => {
    expect(dbTables.length).toBeGreaterThan(20);
    for (const table of dbTables) {
      const owners = serverModules.filter((m) => (m.tables as readonly string[] | undefined)?.includes(table)).map((m) => m.name);
      expect(owners, table).toHaveLength(1);
    }
  });

  it('writes a table only from the module that owns it', () => {
    let checked = 0;
    for (const { folder, name } of folderModules) {
      const owned = new Set<string>(byName.get(name)?.tables ?? []);
      for (const file of sourcesOf(folder)) {
        for (const table of writtenTables(fs.readFileSync(file, 'utf8'))) {
          if (!dbTables.includes(table)) continue;
          checked += 1;
          expect(owned.has(table), `${path.relative(MODULES_DIR, file)} writes ${table}, owned by another module`).toBe(true);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('lets code outside the modules (crud helpers, plugins, infra, the seed runner) write no table by name', () => {
    const SERVER_DIR = KERNEL_SERVER_DIR;
    const outside: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          // The baseline migrations predate the contract.
          if (full !== path.join(SERVER_DIR, 'db', 'migrations')) walk(full);
        } else if (entry.name.endsWith('.ts')) outside.push(full);
      }
    };
    walk(SERVER_DIR);
    expect(outside.length).toBeGreaterThan(20);
    for (const file of outside) {
      const tables = [...writtenTables(fs.readFileSync(file, 'utf8'))].filter((table) => dbTables.includes(table));
      expect(tables, path.relative(SERVER_DIR, file)).toEqual([]);
    }
  });

  it('uses, in each module, only its own messages and the shared ones', () => {
    const prefixOwner = new Map<string, string>();
    for (const module of serverModules) for (const key of Object.keys(module.messages ?? {})) prefixOwner.set(key.split('.')[0], module.name);
    for (const { folder, name } of folderModules) {
      for (const file of sourcesOf(folder)) {
        for (const match of fs.readFileSync(file, 'utf8').matchAll(/'([a-zA-Z]+)\.[a-zA-Z]+'/g)) {
          if (Object.hasOwn(commonMessages, match[0].slice(1, -1))) continue;
          const owner = prefixOwner.get(match[1]);
          if (owner) expect(owner, `${path.relative(MODULES_DIR, file)} uses ${match[0]}`).toBe(name);
        }
      }
    }
  });

  it('finds a write to a foreign table (the check can fail)', () => {
    expect([...writtenTables("await db.updateTable('base_user').set({})")]).toEqual(['base_user']);
    expect([...writtenTables("await db.deleteFrom('base_user as u').where('u.id', '=', id)")]).toEqual(['base_user']);
    expect([...writtenTables('sql`update base_area set enabled_mark = 1 where id = ${id}`')]).toEqual(['base_area']);
  });

  // Here rather than beside composeMenus' own tests: this one needs every module, which the API project has loaded.
  it("composes the modules' menu entries into the spec's menu tree, in its order", () => {
    // The whole tree, as the one menu file held it before the modules declared their own entries (decision 206).
    const outline = (items: ReturnType<typeof composeMenus>): unknown[] => items.map((m) => (m.children ? { [m.enCode]: outline(m.children) } : m.enCode));
    expect(outline(composeMenus(serverModules))).toEqual([
      'dashboard',
      { onlineDev: ['onlineDev.webDesign', 'onlineDev.printDev', 'generator'] },
      { system: ['system.sysConfig', 'system.billRule', 'system.sysLog'] },
      { systemData: ['systemData.dictionary', 'systemData.dataInterface', 'systemData.area', 'commonWords'] },
      { permission: ['permission.organize', 'permission.department', 'permission.position', 'permission.role', 'permission.user', 'permission.group', 'permission.authorize'] },
      { workFlow: ['workFlow.flowEngine', 'workFlow.flowLaunch', 'workFlow.flowTodo', 'workFlow.flowDone'] },
      { msgCenter: ['msgCenter.messageRecord', 'msgCenter.notice', 'msgCenter.msgTemplate', 'msgCenter.email'] },
      { mall: ['mall.search', 'mall.cart', 'mall.orders', 'mall.suppliers'] },
      { matApply: ['matApply.list'] },
      // 动态表单示例 comes first under 示例 too: a released design the demo seeds (its menu is the release's).
      { demo: ['demo.bigScreen', 'demo.manual', 'demo.pubchem'] },
    ]);
  });

  it('names each module migration after its module (or the name it had when the migration was applied) and never reuses a name', () => {
    const names = Object.keys(allMigrations());
    expect(new Set(names).size).toBe(names.length);
    for (const module of serverModules) {
      // A migration's name is recorded in every database that ran it, so a module split off keeps its old prefix.
      const prefixes = [module.name, ...(describedAs(module.name).formerly ?? [])].join('|');
      for (const name of Object.keys(module.migrations ?? {})) expect(name).toMatch(new RegExp(`^\\d{4}_(${prefixes})_`));
    }
  });
});
