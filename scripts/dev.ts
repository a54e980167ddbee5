import { spawn } from 'node:child_process';

/** `npm run dev`: the API server restarting on change, and Vite's dev server (proxying /api to it) on 5173. */
const children = [
  spawn('npx', ['tsx', 'watch', 'src/app/server/main.ts'], { stdio: 'inherit', env: { ...process.env, CLIENT_DIR: '/nonexistent' } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && code !== 0 && (stop(), process.exit(code))));
