import { RequireSession } from '../RequireSession.js';
import { WorkspaceLayout } from './WorkspaceLayout.js';

/**
 * The signed-in workspace: the session guard around the shell (menus, tabs, top bar). Loaded only when a workspace
 * route opens, so the sign-in page does not bring the shell's code (issue 34: no route loads code it does not use).
 */
export function WorkspaceShell() {
  return (
    <RequireSession>
      <WorkspaceLayout />
    </RequireSession>
  );
}
