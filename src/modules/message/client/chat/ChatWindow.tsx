import { useLayoutEffect, useRef, useState } from 'react';
import { Avatar, Button, Image, Input, Modal, Popover, Spin, Tooltip, Typography, Upload, message } from 'antd';
import { ArrowLeftOutlined, ClearOutlined, PictureOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../../../kernel/client/stores/session.js';
import { clearChatRecords, uploadChatImage } from './chatApi.js';
import { closeConversation, loadOlder, sendChat } from './chatSocket.js';
import { chat, type ChatMessage } from './chatStore.js';
import { EMOJI } from './emoji.js';

/** Chat images: one file at a time, under 5 MB (spec 001 §5, §9). */
export const CHAT_IMAGE_LIMIT_BYTES = 5_242_880;
/** Scrolling within this of the top asks for older messages. */
const NEAR_TOP_PX = 40;
/** Images show at most this wide, and small ones at least this wide so they can be seen and clicked. */
const IMAGE_SIDE_PX = 150;
const IMAGE_MIN_PX = 48;

/** An image's natural size, for the message (JNPF's width and height). */
function imageSize(file: File): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new window.Image();
    image.onload = () => {
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      resolve({ width: 0, height: 0 });
      URL.revokeObjectURL(url);
    };
    image.src = url;
  });
}

function Bubble({ item, mine }: { item: ChatMessage; mine: boolean }) {
  const image = item.contentType === 'image' && typeof item.content === 'object' ? item.content : null;
  return (
    <div className={`lc-chat-line${mine ? ' mine' : ''}`} data-testid="chat-message" data-mine={mine ? '1' : '0'}>
      <div className="lc-chat-bubble">
        {image ? (
          <Image src={image.path} width={Math.max(IMAGE_MIN_PX, Math.min(IMAGE_SIDE_PX, image.width || IMAGE_SIDE_PX))} alt="" data-testid="chat-image" />
        ) : (
          <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{typeof item.content === 'string' ? item.content : ''}</span>
        )}
      </div>
      <Typography.Text type="secondary" className="lc-chat-time">{dayjs(item.sendTime).format('MM-DD HH:mm')}</Typography.Text>
    </div>
  );
}

/** The open conversation: its history (older pages on scrolling up), emoji, image send and the input. */
export function ChatWindow() {
  const { t } = useTranslation();
  const { active, messages, loadingHistory, hasMore } = useSnapshot(chat);
  const myId = session.userInfo?.userId;
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  /** The distance from the bottom before older messages were put on top, so the view does not jump. */
  const fromBottom = useRef<number | null>(null);
  const lastId = useRef<string | undefined>(undefined);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const newest = messages.at(-1)?.id;
    if (fromBottom.current !== null && newest === lastId.current) el.scrollTop = el.scrollHeight - fromBottom.current;
    else el.scrollTop = el.scrollHeight;
    fromBottom.current = null;
    lastId.current = newest;
  }, [messages]);

  if (!active) return null;

  const onScroll = () => {
    const el = box.current;
    if (!el || el.scrollTop > NEAR_TOP_PX || !hasMore || loadingHistory) return;
    fromBottom.current = el.scrollHeight - el.scrollTop;
    loadOlder();
  };

  const submit = () => {
    // Empty messages are not sent (spec 001 §5); sending clears the input (§4).
    if (text.trim() === '') return;
    if (sendChat('text', text)) setText('');
  };

  const pickImage = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      void message.error({ content: t('chat.notAnImage'), duration: 1.5 });
      return;
    }
    if (file.size >= CHAT_IMAGE_LIMIT_BYTES) {
      void message.error({ content: t('chat.imageTooLarge'), duration: 1.5 });
      return;
    }
    setUploading(true);
    try {
      const [name, size] = await Promise.all([uploadChatImage(file), imageSize(file)]);
      sendChat('image', { name, ...size });
    } catch {
      // The request layer showed why.
    } finally {
      setUploading(false);
    }
  };

  const clear = () =>
    Modal.confirm({
      title: t('chat.clear'),
      content: t('chat.clearConfirm', { name: active.realName }),
      okText: t('chat.confirm'),
      cancelText: t('chat.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const msg = await clearChatRecords(active.id);
        chat.messages = [];
        chat.total = 0;
        chat.hasMore = false;
        const entry = chat.conversations.find((c) => c.id === active.id);
        if (entry) Object.assign(entry, { latestMessage: '', messageType: '', unreadMessage: 0 });
        if (msg) void message.success({ content: msg, duration: 1.5 });
      },
    });

  const emojiGrid = (
    <div className="lc-chat-emoji" data-testid="chat-emoji-panel">
      {EMOJI.map((emoji) => (
        <button type="button" key={emoji} onClick={() => { setText((now) => now + emoji); setEmojiOpen(false); }}>{emoji}</button>
      ))}
    </div>
  );

  return (
    <div className="lc-chat-window" data-testid="chat-window" data-peer={active.account}>
      <div className="lc-chat-head">
        <Button type="text" size="small" icon={<ArrowLeftOutlined />} aria-label={t('chat.back')} onClick={closeConversation} data-testid="chat-back" />
        <Avatar size="small" src={active.headIcon || undefined} icon={<UserOutlined />} />
        <Typography.Text strong ellipsis style={{ flex: 1 }} data-testid="chat-peer">{active.realName}</Typography.Text>
        <Tooltip title={t('chat.clear')}>
          <Button type="text" size="small" icon={<ClearOutlined />} aria-label={t('chat.clear')} onClick={clear} data-testid="chat-clear" />
        </Tooltip>
      </div>
      <div className="lc-chat-history" ref={box} onScroll={onScroll} data-testid="chat-history">
        {loadingHistory && <div style={{ textAlign: 'center', padding: 4 }}><Spin size="small" /></div>}
        {!hasMore && !loadingHistory && messages.length > 0 && <div className="lc-chat-nomore">{t('chat.noMore')}</div>}
        {messages.map((item) => <Bubble key={item.id} item={item as ChatMessage} mine={item.sendUserId === myId} />)}
      </div>
      <div className="lc-chat-tools">
        <Popover content={emojiGrid} trigger="click" open={emojiOpen} onOpenChange={setEmojiOpen} placement="topLeft">
          <Button type="text" size="small" icon={<SmileOutlined />} aria-label={t('chat.emoji')} data-testid="chat-emoji" />
        </Popover>
        <Upload accept="image/*" multiple={false} maxCount={1} showUploadList={false} beforeUpload={(file) => { void pickImage(file); return false; }}>
          <Button type="text" size="small" icon={<PictureOutlined />} loading={uploading} aria-label={t('chat.sendImage')} data-testid="chat-image-button" />
        </Upload>
      </div>
      <div className="lc-chat-input">
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={(e) => {
            if (e.shiftKey || e.nativeEvent.isComposing) return;
            e.preventDefault();
            submit();
          }}
          placeholder={t('chat.placeholder')}
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={2000}
          data-testid="chat-input"
        />
        <Button type="primary" size="small" onClick={submit} disabled={text.trim() === ''} data-testid="chat-send">{t('chat.send')}</Button>
      </div>
    </div>
  );
}
