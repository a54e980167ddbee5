import type { Kysely } from 'kysely';
import { completeCards, defaultDashboardLayout, isDashboardCard, MAX_QUICK_LINKS, type DashboardCardSetting, type DashboardLayout } from '../../../shared/dashboardLayout.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * A user's /dashboard layout, saved on the server so it follows them to another browser. Reads always answer
 * every card (see completeCards); a layout that no longer parses reads as the default.
 */
export interface DashboardLayoutInput {
  cards?: unknown;
  quickLinks?: unknown;
}

/** Checks a submitted layout and answers it complete; throws a translated error and writes nothing otherwise. */
export function parseLayout(input: DashboardLayoutInput): DashboardLayout {
  const cards: DashboardCardSetting[] = [];
  const seen = new Set<string>();
  for (const raw of Array.isArray(input.cards) ? input.cards : []) {
    const id = (raw as { id?: unknown })?.id;
    if (!isDashboardCard(id)) throw AppError.badRequest('dashboard.cardUnknown', { id: String(id ?? '').slice(0, 50) });
    if (seen.has(id)) throw AppError.badRequest('dashboard.cardDuplicate', { id });
    seen.add(id);
    const visible = (raw as { visible?: unknown }).visible;
    cards.push({ id, visible: visible === undefined ? true : visible === true || visible === 1 });
  }
  const links = input.quickLinks ?? [];
  if (!Array.isArray(links)) throw AppError.badRequest('dashboard.quickLinkInvalid');
  if (links.length > MAX_QUICK_LINKS) throw AppError.badRequest('dashboard.quickLinksTooMany', { max: MAX_QUICK_LINKS });
  const quickLinks = [...new Set(links.map((l) => (typeof l === 'string' ? l.trim() : '')))];
  if (quickLinks.some((l) => !l || l.length > 50)) throw AppError.badRequest('dashboard.quickLinkInvalid');
  return { cards: completeCards(cards), quickLinks };
}

function readStored(text: string): DashboardLayout {
  try {
    return parseLayout(JSON.parse(text) as DashboardLayoutInput);
  } catch {
    return defaultDashboardLayout();
  }
}

export async function getLayout(db: Kysely<DB>, userId: string): Promise<DashboardLayout & { customized: boolean }> {
  const row = await db.selectFrom('base_dashboard_layout').select('layout').where('user_id', '=', userId).executeTakeFirst();
  return { ...(row ? readStored(row.layout) : defaultDashboardLayout()), customized: Boolean(row) };
}

export async function saveLayout(db: Kysely<DB>, userId: string, input: DashboardLayoutInput): Promise<DashboardLayout> {
  const layout = parseLayout(input);
  const text = JSON.stringify(layout);
  await db
    .insertInto('base_dashboard_layout')
    .values({ user_id: userId, layout: text, last_modify_time: new Date() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ layout: text, last_modify_time: new Date() }))
    .execute();
  return layout;
}

export async function resetLayout(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('base_dashboard_layout').where('user_id', '=', userId).execute();
}
