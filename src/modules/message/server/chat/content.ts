import type { Kysely } from 'kysely';
import { AppError } from '../../../../kernel/server/appError.js';
import type { DB } from '../../../../kernel/server/db/schema.js';
import { fileIdOf } from '../../../file/server/public.js';
import { findFile } from '../../../file/server/public.js';

/** The longest text message, in characters: a chat line, not a document (frames are capped at 64 KB anyway). */
export const CHAT_TEXT_LIMIT = 2000;
/** The upload type of chat images (POST /api/file/Uploader/IM, spec 001 §7). */
export const CHAT_IMAGE_TYPE = 'IM';
const MAX_SIDE = 100_000;

export type ChatContentType = 'text' | 'image';

export interface ChatContent {
  type: ChatContentType;
  /** What is stored: the text, or the image as JSON {name, path, width, height}. */
  content: string;
}

export interface ImageContent {
  name: string;
  path: string;
  width: number | null;
  height: number | null;
}

const side = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 && n <= MAX_SIDE ? Math.round(n) : null;
};

/** JNPF clients send an image's messageContent as an object or as its JSON text. */
function objectOf(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === 'string') {
    try {
      return objectOf(JSON.parse(value));
    } catch {
      return undefined;
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * Checks what a SendMessage frame asks to send. Text must hold more than blanks (spec 001 §5: empty messages are
 * not sent); an image must be one the sender uploaded as a chat image, so nobody can point a message at another
 * user's file.
 */
export async function chatContentOf(db: Kysely<DB>, senderId: string, messageType: unknown, messageContent: unknown): Promise<ChatContent> {
  if (messageType === 'text') {
    const text = typeof messageContent === 'string' ? messageContent : '';
    if (text.trim() === '') throw AppError.badRequest('chat.empty');
    if ([...text].length > CHAT_TEXT_LIMIT) throw AppError.badRequest('chat.tooLong', { limit: CHAT_TEXT_LIMIT });
    return { type: 'text', content: text };
  }
  if (messageType === 'image') {
    const image = objectOf(messageContent);
    if (!image) throw AppError.badRequest('chat.empty');
    const record = await findFile(db, image.name);
    if (!record || record.type !== CHAT_IMAGE_TYPE || record.user_id !== senderId) throw AppError.badRequest('chat.imageInvalid');
    const name = fileIdOf(record.id, record.extension);
    const stored: ImageContent = { name, path: `/api/file/Image/${CHAT_IMAGE_TYPE}/${name}`, width: side(image.width), height: side(image.height) };
    return { type: 'image', content: JSON.stringify(stored) };
  }
  throw AppError.badRequest('chat.typeInvalid');
}

/** A stored message's content as the frames carry it: the text, or the image object. */
export function contentForFrame(type: string, content: string): string | ImageContent {
  if (type === 'text') return content;
  try {
    return JSON.parse(content) as ImageContent;
  } catch {
    return content;
  }
}
