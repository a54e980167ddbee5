import { Suspense, useMemo, useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '../../../../shared/form/definition.js';
import { FormDesigner, validateDesign } from './index.js';

/** The sandbox page (see sandboxRoute.ts): the designer over local state, its output readable by the e2e test. */
export function FormDesignerSandbox() {
  const { i18n } = useTranslation();
  const [definition, setDefinition] = useState<FormDefinition>({ fields: [], labelWidth: 100, labelPosition: 'right', gutter: 15, span: 24 });
  const problems = useMemo(() => validateDesign(definition, i18n.language), [definition, i18n.language]);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, height: 'calc(100vh - 120px)', minHeight: 560 }}>
      <div style={{ flex: 1, minHeight: 0 }}>
        <Suspense fallback={null}>
          <FormDesigner value={definition} onChange={setDefinition} height="100%" />
        </Suspense>
      </div>
      <Typography.Text type="secondary" data-testid="sandbox-summary" data-problems={problems.length}>
        {definition.fields.length} / {problems.length}
      </Typography.Text>
      <pre data-testid="sandbox-definition" hidden>
        {JSON.stringify(definition)}
      </pre>
    </div>
  );
}
