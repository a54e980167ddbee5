import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintBox, PrintTemplate } from '../../../shared/print/template.js';

/**
 * The template's boxes over the first page of the editor's preview, each a frame that is dragged to move it (the
 * numbers beside stay as exact as before, and follow the drag). A frame with focus moves by arrow keys, one point
 * a press, ten with Shift. Positions stay on the page, within its size; the preview's scale (the sheet shrinks to
 * the canvas) is accounted for, so a drag of 10 pixels on a half-size sheet moves the box 20 points.
 */
interface Drag {
  index: number;
  pointerX: number;
  pointerY: number;
  x: number;
  y: number;
}

export function PrintDragLayer({ template, onMove }: { template: PrintTemplate; onMove(index: number, position: { x: number; y: number }): void }) {
  const { t } = useTranslation();
  const layer = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const drag = useRef<Drag | null>(null);
  const { width: pageWidth, height: pageHeight } = template.page;

  // The sheet is drawn at most its width and shrinks with the canvas: the frames follow its drawn size.
  useEffect(() => {
    const element = layer.current;
    if (!element) return undefined;
    const measure = () => setScale(element.clientWidth / pageWidth || 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [pageWidth]);

  const place = (index: number, box: PrintBox, x: number, y: number) =>
    onMove(index, { x: Math.round(Math.min(Math.max(0, x), pageWidth - box.width)), y: Math.round(Math.min(Math.max(0, y), pageHeight - Math.min(box.height, pageHeight))) });

  const down = (index: number, box: PrintBox) => (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { index, pointerX: event.clientX, pointerY: event.clientY, x: box.x, y: box.y };
  };
  const move = (box: PrintBox) => (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    place(current.index, box, current.x + (event.clientX - current.pointerX) / scale, current.y + (event.clientY - current.pointerY) / scale);
  };
  const up = () => {
    drag.current = null;
  };
  const key = (index: number, box: PrintBox) => (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const delta = moves[event.key];
    if (!delta) return;
    event.preventDefault();
    place(index, box, box.x + delta[0], box.y + delta[1]);
  };

  return (
    <div ref={layer} className="print-drag-layer" style={{ aspectRatio: `${pageWidth} / ${pageHeight}`, maxWidth: pageWidth }} data-testid="print-drag-layer">
      {template.boxes.map((box, index) => (
        <div
          key={box.id}
          role="button"
          tabIndex={0}
          aria-label={t('printDev.dragBox', { type: t(`printDev.${box.type}`), x: Math.round(box.x), y: Math.round(box.y) })}
          className="print-drag-box"
          data-testid={`print-drag-${box.type}`}
          style={{ left: box.x * scale, top: box.y * scale, width: box.width * scale, height: Math.min(box.height, pageHeight) * scale }}
          onPointerDown={down(index, box)}
          onPointerMove={move(box)}
          onPointerUp={up}
          onPointerCancel={up}
          onKeyDown={key(index, box)}
        />
      ))}
    </div>
  );
}
