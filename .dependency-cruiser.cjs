/**
 * The import boundaries between layers (docs/architecture.md, "Layers"). Type-only imports count too: a layer
 * that names another layer's types depends on it. `npm run lint:layers` runs it; `npm test` runs it first.
 */
// Matched against the resolved file, so against the package's folder in node_modules.
const FRAMEWORKS = '^node_modules/(react|react-dom|antd|@ant-design|@formily|@rjsf|fastify|@fastify|fastify-plugin|kysely|pg|@electric-sql)/';

module.exports = {
  forbidden: [
    {
      name: 'shared-imports-no-layer',
      comment: 'src/shared is isomorphic: client and server import it, never the other way round.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^(src/client|src/server|registry)/' },
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
      from: { path: '^src/server/' },
      to: { path: '^(src/client|registry)/' },
    },
    {
      name: 'widgets-know-no-runtime',
      comment: 'Widgets are plain controlled components: they know nothing of the compiler or the server.',
      severity: 'error',
      from: { path: '^registry/' },
      to: { path: '^(src/client/runtime|src/server)/' },
    },
    {
      name: 'client-imports-no-server',
      comment: 'The web app talks to the server over HTTP only.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
