import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/** What a menu item of type 3 (an online form) opens: the page of its released design. */
export interface OnlineFormPageProps {
  menuId: string;
  moduleId: string;
  title: string;
}

/**
 * What the modules add to the workspace. The app (src/app/client/main.tsx) gives them before the first render, so
 * the kernel's router, shell and screen runtime name no module: they read these lists.
 */
export interface WorkspaceExtensions {
  /** Routes outside the workspace, for a visitor not signed in (sign-in, SSO): each loads its page when opened. */
  publicRoutes: RouteObject[];
  /** Routes inside the workspace, for a signed-in user, with fixed paths (profile, dashboard, details...). */
  workspaceRoutes: RouteObject[];
  /** Shown in the top bar after the badges, in order; whoever registers one keeps it light (lazy). */
  topBarItems: ComponentType[];
  /** Run when the workspace opens after a sign-in: what must be right from the first page (counters). */
  onWorkspaceOpen: (() => void)[];
  /** Shown over the workspace while a forced password change is due (the server answers 605 until then). */
  passwordChange?: ComponentType;
  /** The page of a menu item of type 3; without one, such an item says it is not built. */
  onlineFormPage?: ComponentType<OnlineFormPageProps>;
  /** Registers the page nodes, actions and cells the modules' screens name; the screen runtime awaits it once. */
  loadScreenModules: () => Promise<unknown>;
  /**
   * The paths of the pages the product ships (every module's menus), loaded when a path no menu item of this user
   * has is opened: such a page says the user may not open it, and any other path is not found (/404).
   */
  loadShippedPagePaths?: () => Promise<ReadonlySet<string>>;
}

export const workspaceExtensions: WorkspaceExtensions = {
  publicRoutes: [],
  workspaceRoutes: [],
  topBarItems: [],
  onWorkspaceOpen: [],
  loadScreenModules: async () => undefined,
};

/** Adds to the workspace; lists are appended in call order, single parts replaced. Call before the router is made. */
export function extendWorkspace(extensions: Partial<WorkspaceExtensions>): void {
  const { publicRoutes = [], workspaceRoutes = [], topBarItems = [], onWorkspaceOpen = [], ...single } = extensions;
  workspaceExtensions.publicRoutes.push(...publicRoutes);
  workspaceExtensions.workspaceRoutes.push(...workspaceRoutes);
  workspaceExtensions.topBarItems.push(...topBarItems);
  workspaceExtensions.onWorkspaceOpen.push(...onWorkspaceOpen);
  Object.assign(workspaceExtensions, single);
}

let screenModules: Promise<unknown> | undefined;
/** The modules' screen registrations, loaded once, when a screen first needs them. */
export const screenModulesReady = (): Promise<unknown> => (screenModules ??= workspaceExtensions.loadScreenModules());
