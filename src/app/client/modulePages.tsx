import type { ComponentType } from 'react';
import { screenModulesReady } from '../../kernel/client/workspaceExtensions.js';

/**
 * The modules' fixed pages, behind this one lazy module: the main chunk carries one dynamic import and its preload
 * list instead of one per page (the staff route's first script has a 350 kB gzip budget). A page whose screen names
 * the modules' page nodes waits for their registrations first.
 */
export const modulePages = {
  lockScreen: async () => (await import('../../modules/oauth/client/lockScreen/LockScreenPage.js')).LockScreenPage,
  workFlowDetail: async () => (await import('../../modules/workflow/client/WorkFlowDetailPage.js')).WorkFlowDetailPage,
  previewModel: async () => (await import('../../modules/onlineData/client/previewModel/PreviewModelPage.js')).PreviewModelPage,
  messageRecord: async () => {
    await screenModulesReady();
    return (await import('../../modules/message/client/MessageRecordPage.js')).MessageRecordPage;
  },
  profile: async () => (await import('../../modules/users/client/profile/ProfilePage.js')).ProfilePage,
  dashboard: async () => (await import('../../modules/dashboard/client/DashboardPage.js')).DashboardPage,
  emailDetail: async () => (await import('../../modules/email/client/EmailDetailPage.js')).EmailDetailPage,
  orderDetail: async () => {
    await screenModulesReady();
    return (await import('../../modules/mall/client/orderDetail/OrderDetailPage.js')).OrderDetailPage;
  },
  fromMall: async () => {
    await screenModulesReady();
    return (await import('../../modules/mall/client/buyNow/FromMallPage.js')).FromMallPage;
  },
  cart: async () => (await import('../../modules/mall/client/buyNow/CartRoute.js')).CartRoute,
} satisfies Record<string, () => Promise<ComponentType>>;

export type ModulePage = keyof typeof modulePages;
