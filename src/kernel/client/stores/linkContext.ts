import type { LinkContext } from '../../../shared/shell/menuTarget.js';
import { session } from './session.js';

/** What a menu link may carry of the session: the page's origin and the token (JNPF's external links take both). */
export const linkContext = (): LinkContext => ({ origin: window.location.origin, token: session.token ?? '' });
