import { memo, useEffect, useRef } from 'react';
import { sanitizeHtml } from './sanitizeHtml.js';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import type { WidgetProps } from '../types.js';

/** The rich-text editor (JNPF-Quill) on Quill 2; read-only fields show the sanitized HTML. Loaded lazily (widgets/editor.ts). */
export const RichText = memo(function RichText({ value, onChange, disabled, readOnly, placeholder, height }: WidgetProps<string | null>) {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    if (!host.current || readOnly) return;
    const editorHost = document.createElement('div');
    host.current.appendChild(editorHost);
    const editor = new Quill(editorHost, { theme: 'snow', placeholder: (placeholder as string) ?? '' });
    editor.clipboard.dangerouslyPasteHTML(sanitizeHtml(String(value ?? '')));
    editor.on('text-change', () => {
      const html = editor.getLength() <= 1 ? '' : sanitizeHtml(editor.root.innerHTML);
      latest.current?.(html || null);
    });
    quill.current = editor;
    const container = host.current;
    return () => {
      quill.current = null;
      container.innerHTML = '';
    };
    // The editor is created once; later value changes from outside are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readOnly]);

  useEffect(() => {
    const editor = quill.current;
    if (!editor) return;
    const current = editor.getLength() <= 1 ? '' : editor.root.innerHTML;
    const next = String(value ?? '');
    if (sanitizeHtml(current) !== sanitizeHtml(next)) editor.clipboard.dangerouslyPasteHTML(sanitizeHtml(next));
  }, [value]);

  useEffect(() => {
    quill.current?.enable(!disabled);
  }, [disabled]);

  if (readOnly) return <div className="jnpf-rich-text-view" dangerouslySetInnerHTML={{ __html: sanitizeHtml(String(value ?? '')) }} />;
  return <div className="jnpf-rich-text" ref={host} style={{ minHeight: (height as number) ?? 200 }} />;
});
