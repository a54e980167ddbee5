import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A PostgreSQL database of its own on the server `serverUrl` names, for a test or benchmark that starts server
 * processes on it (or clone it as a template): answers its name, its URL and a drop() that removes it, connections
 * and all.
 */
export async function throwawayDatabase(serverUrl: string, label: string, template?: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `labcode_${label}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}

async function onServer(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
