/**
 * Sign-in by SMS code and by app scan: lengths, lifetimes and rates, shared by server and page so the countdown
 * the user sees is the wait the server enforces. The spec fixes the 60 s resend; the rest are ours (decisions.md).
 */
export const SMS_CODE_LENGTH = 6;
export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_TTL_SECONDS = 5 * 60;
/** Wrong guesses before a code is spent. */
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_PER_MOBILE_PER_HOUR = 5;
export const SMS_PER_ADDRESS_PER_HOUR = 20;

export const SCAN_TICKET_TTL_SECONDS = 120;
export const SCAN_POLL_INTERVAL_MS = 2000;
/** A ticket from the SSO callback only has to survive one redirect. */
export const SSO_TICKET_TTL_SECONDS = 60;
