/**
 * Where sign-in codes go. A deployment plugs in its SMS gateway by passing an SmsSender to buildApp; without one,
 * the oauth module writes codes to the server log.
 */
export interface SmsSender {
  send(mobile: string, code: string): Promise<void>;
}
