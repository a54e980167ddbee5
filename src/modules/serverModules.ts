import { registerMessages } from '../kernel/server/locales/messages.js';
import health from './health/server/index.js';
import sysConfig from './sysConfig/server/index.js';
import oauth from './oauth/server/index.js';
import organize from './organize/server/index.js';
import permission from './permission/server/index.js';
import users from './users/server/index.js';
import file from './file/server/index.js';
import dictionary from './dictionary/server/index.js';
import billRule from './billRule/server/index.js';
import area from './area/server/index.js';
import mall from './mall/server/index.js';
import screens from './screens/server/index.js';
import message from './message/server/index.js';
import matApply from './matApply/server/index.js';
import dataInterface from './dataInterface/server/index.js';
import visualdev from './visualdev/server/index.js';
import onlineData from './onlineData/server/index.js';
import generator from './generator/server/index.js';
import email from './email/server/index.js';
import dashboard from './dashboard/server/index.js';
import workflow from './workflow/server/index.js';
import printDev from './printDev/server/index.js';
import shortLink from './shortLink/server/index.js';
import demo from './demo/server/index.js';

/**
 * The server's domains, one line each. The order is the order of routes and of the demo seed (the organisation and
 * roles before the users who belong to them). A new domain is a folder with an index.ts exporting a ServerModule, and a line here.
 */
export const serverModules = [health, sysConfig, oauth, organize, permission, users, file, dictionary, billRule, area, mall, screens, message, matApply, dataInterface, visualdev, onlineData, generator, email, dashboard, workflow, printDev, shortLink, demo] as const;

for (const module of serverModules) if (module.messages) registerMessages(module.messages);
