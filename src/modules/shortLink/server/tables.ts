/**
 * The shortLink module's table, added to the server's DB type at the end of this file: one row per design whose
 * form may be filled by link (JNPF's base_visual_link).
 */
export interface ShortLinkTables {
  base_visual_short_link: ShortLinkTable;
}

export interface ShortLinkTable {
  /** The design's id: a design has one link. */
  id: string;
  /** What the address carries (/formShortLink?encryption=<code>): random, unguessable, stable while the row lives. */
  code: string;
  /** 1: the form may be filled by link (JNPF's formUse). */
  form_use: number;
  /** 1: a password is asked first (formPassUse); the password is kept as a salted scrypt hash of its MD5. */
  form_pass_use: number;
  form_password_hash: string | null;
  /** After this moment the link answers that it has expired; null: no end. */
  expires_at: Date | null;
  /** Signs the short-lived passes a correct password earns (a pass of one link opens no other). */
  pass_secret: string;
  /** Who turned the link on: the records filled by link are created in this user's name. */
  owner_user_id: string;
  created_at: Date;
  last_modify_time: Date | null;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends ShortLinkTables {}
}
