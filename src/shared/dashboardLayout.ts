/**
 * The /dashboard portal's cards and a user's layout of them (their order, which are shown, the quick links), shared
 * by the server that stores the layout and the client that draws it.
 */
export const DASHBOARD_CARDS = ['flowTodo', 'notice', 'unread', 'orders', 'quickLinks'] as const;
export type DashboardCardId = (typeof DASHBOARD_CARDS)[number];

export const MAX_QUICK_LINKS = 12;

export interface DashboardCardSetting {
  id: DashboardCardId;
  visible: boolean;
}

export interface DashboardLayout {
  cards: DashboardCardSetting[];
  /** Menu item ids, in the order the quick-links card shows them; empty means the first pages of the menu. */
  quickLinks: string[];
}

export const defaultDashboardLayout = (): DashboardLayout => ({ cards: DASHBOARD_CARDS.map((id) => ({ id, visible: true })), quickLinks: [] });

export const isDashboardCard = (id: unknown): id is DashboardCardId => typeof id === 'string' && (DASHBOARD_CARDS as readonly string[]).includes(id);

/**
 * Cards the stored or submitted list leaves out come last, shown: a card added in a later version appears for
 * everyone instead of staying invisible in layouts saved before it existed.
 */
export function completeCards(cards: readonly DashboardCardSetting[]): DashboardCardSetting[] {
  const listed = new Set(cards.map((c) => c.id));
  return [...cards.map((c) => ({ id: c.id, visible: c.visible })), ...DASHBOARD_CARDS.filter((id) => !listed.has(id)).map((id) => ({ id, visible: true }))];
}
