import { useSnapshot } from 'valtio';
import type { MenuItem } from '../../../shared/sessionInfo.js';
import { session } from '../../../kernel/client/stores/session.js';
import { ScreenView } from '../../../kernel/client/runtime/page/ScreenView.js';
import '../../../kernel/client/runtime/page/builtIns.js';

/** The message list's screen, which the menu item 站内消息 opens too (JNPF's view path basic/messageRecord). */
export const MESSAGE_RECORD_SCREEN = 'basic/messageRecord';

function findByAddress(items: readonly MenuItem[], address: string): MenuItem | undefined {
  for (const item of items) {
    if (item.urlAddress === address) return item;
    const found = item.children ? findByAddress(item.children, address) : undefined;
    if (found) return found;
  }
  return undefined;
}

/**
 * The fixed route /messageRecord (spec 000 §2, in-app messages): every signed-in user's own message list, the
 * same screen as the menu item, which lends its permission entry when the user has it.
 */
export function MessageRecordPage() {
  const { menuList } = useSnapshot(session);
  const item = findByAddress(menuList as MenuItem[], MESSAGE_RECORD_SCREEN);
  return <ScreenView name={MESSAGE_RECORD_SCREEN} modelId={item?.id} />;
}
