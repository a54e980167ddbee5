import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../../../kernel/server/smsSender.js';

export type { SmsSender };

/** The embedded SMS sender: writes the code to the server log, which is all a demo or a test machine has. */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(mobile, code) {
      log.info({ sms: { mobile, code } }, `SMS sign-in code for ${mobile}: ${code}`);
    },
  };
}
