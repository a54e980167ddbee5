import type { PrintPage } from '../../../shared/print/layout.js';

/** One laid-out page as SVG: the same marks the server draws into the PDF (src/shared/print/layout.ts). */
export function PrintSheet({ page, index }: { page: PrintPage; index: number }) {
  return (
    <svg className="print-sheet" viewBox={`0 0 ${page.width} ${page.height}`} width={page.width} height={page.height} style={{ maxWidth: '100%', height: 'auto', background: '#fff', boxShadow: '0 1px 6px rgba(0,0,0,.2)', margin: '0 auto 16px', display: 'block' }} data-testid={`print-page-${index}`}>
      {page.items.map((item, i) =>
        item.kind === 'rect' ? (
          <rect key={i} x={item.x} y={item.y} width={item.width} height={item.height} fill={item.fill ? '#000' : 'none'} stroke={item.fill ? 'none' : '#000'} strokeWidth={item.fill ? 0 : 0.5} />
        ) : (
          <text
            key={i}
            x={item.align === 'center' ? item.x + item.width / 2 : item.align === 'right' ? item.x + item.width : item.x}
            y={item.y + item.height / 2}
            dominantBaseline="central"
            textAnchor={item.align === 'center' ? 'middle' : item.align === 'right' ? 'end' : 'start'}
            fontSize={item.fontSize}
            fontWeight={item.bold ? 700 : 400}
            fontFamily="'Noto Sans SC', 'Noto Sans Hans', 'PingFang SC', 'Microsoft YaHei', sans-serif"
          >
            {item.text}
          </text>
        ),
      )}
    </svg>
  );
}
