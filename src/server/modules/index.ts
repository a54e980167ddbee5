import { registerMessages } from '../locales/messages.js';
import health from './health/index.js';
import sysConfig from './system/sysConfig/index.js';
import oauth from './oauth/index.js';
import organize from './organize/index.js';
import permission from './permission/index.js';
import users from './users/index.js';
import file from './file/index.js';
import dictionary from './system/dictionary/index.js';
import billRule from './system/billRule/index.js';
import area from './system/area/index.js';
import mall from './mall/index.js';
import screens from './screens/index.js';
import message from './message/index.js';
import matApply from './matApply/index.js';
import dataInterface from './system/dataInterface/index.js';
import visualdev from './visualdev/index.js';
import email from './email/index.js';
import dashboard from './dashboard/index.js';
import workflow from './workflow/index.js';
import printDev from './system/printDev/index.js';

/**
 * The server's domains, one line each. The order is the order of routes and of the demo seed (the organisation and
 * roles before the users who belong to them). A new domain is a folder with an index.ts exporting a ServerModule, and a line here.
 */
export const serverModules = [health, sysConfig, oauth, organize, permission, users, file, dictionary, billRule, area, mall, screens, message, matApply, dataInterface, visualdev, email, dashboard, workflow, printDev] as const;

for (const module of serverModules) if (module.messages) registerMessages(module.messages);
