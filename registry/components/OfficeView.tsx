import { memo, useMemo } from 'react';
import { Alert, Card, Table, Tabs } from 'antd';
import type { OfficePreviewDocument } from './services.js';
import { sanitizeHtml } from './sanitizeHtml.js';
import { widgetText } from '../widgetText.js';
import './officeView.css';

/**
 * A Word, Excel or PowerPoint file in the document preview (spec 001 §2), drawn from the server's conversion: a
 * document's HTML (sanitized again here), a workbook's sheets as tabs of tables, a deck's slides as cards of their
 * text. Where the server showed only the start (500 rows, 50 columns, 10 sheets, 200 slides), the page says so.
 * Loaded with the preview dialog's first Office file.
 */
export const OfficeView = memo(function OfficeView({ document }: { document: OfficePreviewDocument }) {
  const html = useMemo(() => (document.format === 'docx' ? sanitizeHtml(document.html) : ''), [document]);
  if (document.format === 'docx') {
    return <article className="jnpf-office-docx" data-testid="preview-docx" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  if (document.format === 'xlsx') {
    return (
      <div className="jnpf-office-xlsx" data-testid="preview-xlsx">
        {document.truncatedSheets ? <Alert type="info" showIcon message={widgetText('previewSheetsCut')} /> : null}
        <Tabs
          items={document.sheets.map((sheet, index) => ({
            key: String(index),
            label: sheet.name,
            children: (
              <>
                {sheet.truncated ? <Alert type="info" showIcon message={widgetText('previewRowsCut')} style={{ marginBottom: 8 }} /> : null}
                <Table<string[]>
                  size="small"
                  bordered
                  pagination={false}
                  rowKey={(_row, rowIndex) => String(rowIndex)}
                  dataSource={sheet.rows}
                  scroll={{ x: 'max-content' }}
                  columns={Array.from({ length: Math.max(0, ...sheet.rows.map((row) => row.length)) }, (_, column) => ({
                    key: String(column),
                    title: columnName(column),
                    render: (_value: unknown, row: string[]) => row[column] ?? '',
                  }))}
                />
              </>
            ),
          }))}
        />
      </div>
    );
  }
  return (
    <div className="jnpf-office-pptx" data-testid="preview-pptx">
      {document.truncated ? <Alert type="info" showIcon message={widgetText('previewSlidesCut')} /> : null}
      {document.slides.map((slide) => (
        <Card key={slide.index} size="small" title={widgetText('previewSlide', { index: slide.index })} className="jnpf-office-slide" data-slide={slide.index}>
          {slide.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </Card>
      ))}
    </div>
  );
});

/** A, B, … Z, AA, AB: the column names a spreadsheet shows. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
