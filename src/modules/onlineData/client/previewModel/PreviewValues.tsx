import { useEffect, useRef, useState } from 'react';
import { Button, Card, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fileSize } from '../../../../shared/format/sizes.js';
import { whenIdle } from '../../../../kernel/client/runtime/whenIdle.js';

/** Values as JSON up to this size follow the form by themselves; larger ones are shown when asked. */
export const LIVE_VALUES_LIMIT_CHARS = 64 * 1024;
/** A pause in typing before the values are read again: never once per key. */
const SETTLE_MS = 250;

/** "A value changed": the form's signal, without the values (reading them is this view's job, when it wants). */
export interface ValueChanges {
  subscribe(listener: () => void): () => void;
}

export function valueChanges(): ValueChanges & { notify(): void } {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify: () => listeners.forEach((listener) => listener()),
  };
}

/**
 * /previewModel's values card (issue 34). The form tells it that a value changed; it reads and serialises the
 * values once typing settles and the browser is idle, so a key costs the form alone (the page used to copy every
 * value, re-render and print 491 kB of JSON on each key of the 1,000-row table). Values over 64 K characters stop
 * following the form: the card says so, and 刷新 shows them as they are now.
 */
export function PreviewValues({ read, changes }: { read: () => Record<string, unknown>; changes: ValueChanges }) {
  const { t } = useTranslation();
  const [json, setJson] = useState('{}');
  const [stale, setStale] = useState(false);
  const live = useRef(true);

  const refresh = () => {
    const next = JSON.stringify(read(), null, 2);
    live.current = next.length <= LIVE_VALUES_LIMIT_CHARS;
    setJson(next);
    setStale(false);
  };

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelIdle = () => {};
    const later = () => {
      clearTimeout(timer);
      cancelIdle();
      timer = setTimeout(() => {
        cancelIdle = whenIdle(refresh, 1000);
      }, SETTLE_MS);
    };
    const unsubscribe = changes.subscribe(() => {
      if (live.current) later();
      else setStale(true);
    });
    // The form's first values (its defaults), once it is there.
    later();
    return () => {
      unsubscribe();
      clearTimeout(timer);
      cancelIdle();
    };
    // refresh reads through `read`, which the page keeps for the form's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [changes, read]);

  return (
    <Card
      size="small"
      title={t('preview.values')}
      extra={<Button size="small" icon={<ReloadOutlined />} onClick={refresh} data-testid="preview-values-refresh">{t('preview.refreshValues')}</Button>}
    >
      {!live.current && (
        <Typography.Paragraph type="secondary" className="lc-preview-values-note" data-testid="preview-values-note">
          {t(stale ? 'preview.valuesChanged' : 'preview.valuesLarge', { size: fileSize(json.length) })}
        </Typography.Paragraph>
      )}
      <pre className="lc-preview-values" data-testid="preview-values">{json}</pre>
    </Card>
  );
}
