/**
 * The import boundaries of the house (docs/architecture.md, "Layers" and "Modules"). Type-only imports count too:
 * a file that names another's types depends on it. `npm run lint:layers` runs it; `npm test` runs it first.
 *
 * - src/shared is isomorphic and knows no framework; registry/ holds widgets that know no runtime;
 * - src/kernel is the platform without any domain; src/modules/<m> is one domain, whose other modules reach it
 *   only through src/modules/<m>/(server|client)/public.ts, and only when src/modules/<them>/module.json lists <m>
 *   under "requires" for that side ("server" or "client"); its words (locale/) import only src/shared, the web app
 *   reads only its words (locale/*words.ts) and the server only its messages (locale/*messages.ts).
 */
const fs = require('node:fs');
const path = require('node:path');

// Matched against the resolved file, so against the package's folder in node_modules.
const FRAMEWORKS = '^node_modules/(react|react-dom|antd|@ant-design|@formily|@rjsf|fastify|@fastify|fastify-plugin|kysely|pg|@electric-sql)/';
const SERVER = '^src/(app/server|kernel/server|modules/[^/]+/server)/';
const CLIENT = '^(src/(app/client|kernel/client|modules/[^/]+/client)|registry)/';
const PUBLIC = '^src/modules/[^/]+/(server|client)/public\\.ts$';

const MODULES_DIR = path.join(__dirname, 'src/modules');
const modules = fs
  .readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => JSON.parse(fs.readFileSync(path.join(MODULES_DIR, entry.name, 'module.json'), 'utf8')));


module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circle, type imports included: each file can be understood (and tested) after the ones it imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-layer',
      comment: 'src/shared is isomorphic: client and server import it, never the other way round.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^(src/kernel|src/modules|registry)/' },
    },
    {
      name: 'shared-imports-no-framework',
      comment: 'src/shared knows nothing of React, antd, Formily, Fastify or the database.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: FRAMEWORKS },
    },
    {
      name: 'shared-imports-no-node',
      comment: 'src/shared runs in the browser too: no node: modules.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-imports-no-client',
      comment: 'The server never depends on the web app or its widgets.',
      severity: 'error',
      from: { path: SERVER },
      to: { path: CLIENT },
    },
    {
      name: 'client-imports-no-server',
      comment: 'The web app talks to the server over HTTP only.',
      severity: 'error',
      from: { path: CLIENT },
      to: { path: SERVER },
    },
    {
      name: 'widgets-know-no-runtime',
      comment: 'Widgets are plain controlled components: they know nothing of the compiler, the shell, modules or the server.',
      severity: 'error',
      from: { path: '^registry/' },
      to: { path: '^(src/kernel/client/(runtime|app)|src/kernel/server|src/modules)/' },
    },
    {
      name: 'runtime-imports-no-shell',
      comment: 'The form and page runtime renders inside any shell: it never imports the app shell.',
      severity: 'error',
      from: { path: '^src/kernel/client/runtime/' },
      to: { path: '^src/kernel/client/app/' },
    },
    {
      name: 'kernel-imports-no-module',
      comment: 'The kernel knows no domain: the app (src/app) gives it the modules, their routes, shell items and services.',
      severity: 'error',
      from: { path: '^src/kernel/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'locale-imports-only-shared',
      comment: "A module's words (locale/) are data both sides read: they import nothing but src/shared (the Translations shape, shared rule texts).",
      severity: 'error',
      from: { path: '^src/modules/[^/]+/locale/' },
      to: { pathNot: ['^src/shared/'] },
    },
    {
      name: 'client-imports-no-server-messages',
      comment: "The web app's words are locale/*words.ts; the server's messages (locale/*messages.ts) stay out of the app's scripts.",
      severity: 'error',
      from: { path: CLIENT },
      to: { path: '^src/modules/[^/]+/locale/[^/]*[mM]essages\\.ts$' },
    },
    {
      name: 'server-imports-no-client-words',
      comment: "The server answers in its own messages (locale/*messages.ts); the web app's words (locale/*words.ts) are the client's.",
      severity: 'error',
      from: { path: SERVER },
      to: { path: '^src/modules/[^/]+/locale/[^/]*[wW]ords\\.ts$' },
    },
    {
      name: 'module-imports-only-public',
      comment: "Another module is reached through its public.ts only: the rest of it may change without notice.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/', pathNot: ['^src/modules/$1/', PUBLIC] },
    },
    // Per side: the server and the web app are separate programs, and a module may need another on one side only
    // (the dashboard's server reads unread mail; the mail page in the client shows a dashboard card).
    ...modules.flatMap((module) =>
      ['server', 'client'].map((side) => ({
        name: `module-${module.name}-${side}-imports-what-it-requires`,
        comment: `${module.name}'s ${side} may use another module only when its module.json lists it under "requires"."${side}".`,
        severity: 'error',
        from: { path: `^src/modules/${module.name}/${side}/` },
        to: { path: '^src/modules/[^/]+/', pathNot: [`^src/modules/(${[module.name, ...module.requires[side]].join('|')})/`] },
      })),
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
