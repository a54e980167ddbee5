import type { FastifyBaseLogger } from 'fastify';

/**
 * Where sign-in codes go. A deployment plugs in its SMS gateway by passing another SmsSender to buildApp; the
 * embedded default writes the code to the server log, which is all a demo or a test machine has.
 */
export interface SmsSender {
  send(mobile: string, code: string): Promise<void>;
}

export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(mobile, code) {
      log.info({ sms: { mobile, code } }, `SMS sign-in code for ${mobile}: ${code}`);
    },
  };
}
