import { memo } from 'react';
import { Card, Collapse, Tabs } from 'antd';
import type { LayoutProps } from '../types.js';

/** Layout containers. The runtime hands them their children already rendered. */

export const RowLayout = memo(function RowLayout({ children, gutter }: LayoutProps) {
  const half = ((gutter as number) ?? 15) / 2;
  return <div className="jnpf-row" style={{ marginLeft: -half, marginRight: -half }}>{children}</div>;
});

export const CardLayout = memo(function CardLayout({ children, header, shadow }: LayoutProps) {
  return (
    <Card size="small" title={(header as string) || undefined} className="jnpf-card" variant={shadow === 'never' ? 'borderless' : 'outlined'}>
      <div className="jnpf-row">{children}</div>
    </Card>
  );
});

export const TabLayout = memo(function TabLayout({ items = [], active, tabPosition, type }: LayoutProps) {
  return (
    <Tabs
      className="jnpf-tabs"
      defaultActiveKey={active !== undefined && active !== null ? String(active) : items[0]?.key}
      tabPosition={(tabPosition as 'top') ?? 'top'}
      type={type === 'border-card' || type === 'card' ? 'card' : 'line'}
      items={items.map((item) => ({ key: item.key, label: item.title, children: <div className="jnpf-row">{item.content}</div>, forceRender: true }))}
    />
  );
});

export const CollapseLayout = memo(function CollapseLayout({ items = [], active, accordion }: LayoutProps) {
  const activeKeys = Array.isArray(active) ? active.map(String) : active !== undefined && active !== null ? [String(active)] : [];
  return (
    <Collapse
      className="jnpf-collapse"
      accordion={Boolean(accordion)}
      defaultActiveKey={activeKeys}
      items={items.map((item) => ({ key: item.key, label: item.title, children: <div className="jnpf-row">{item.content}</div>, forceRender: true }))}
    />
  );
});

/** tableGrid: a bordered table of cells, each holding fields; cells carry their own colspan and rowspan. */
export const TableGridLayout = memo(function TableGridLayout({ items = [], borderColor }: LayoutProps) {
  const rows = new Map<number, typeof items>();
  for (const item of items) {
    const row = item.row ?? 0;
    rows.set(row, [...(rows.get(row) ?? []), item]);
  }
  return (
    <table className="jnpf-table-grid" style={{ borderColor: (borderColor as string) ?? '#e1e1e1' }}>
      <tbody>
        {[...rows.entries()].sort(([a], [b]) => a - b).map(([row, cells]) => (
          <tr key={row}>
            {cells.map((cell) => (
              <td key={cell.key} colSpan={cell.colspan ?? 1} rowSpan={cell.rowspan ?? 1} style={{ borderColor: (borderColor as string) ?? '#e1e1e1' }}>
                <div className="jnpf-row">{cell.content}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
});
