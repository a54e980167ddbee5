import fs from 'node:fs';
import path from 'node:path';
import { readFormDefinition, type FormDefinition } from '../../../src/shared/form/definition.js';
import { canonicalJnpfKey } from '../../../src/shared/form/jnpfKeys.js';
import type { ColumnSpec, CompiledForm } from '../../../src/kernel/client/runtime/compileForm.js';

/** Every form fixture: the JNPF ones and our own. */
export function formFixtures(): { name: string; definition: FormDefinition }[] {
  const root = path.resolve(__dirname, '../../../fixtures');
  return ['jnpf', 'labcode'].flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder))
      .filter((file) => file.endsWith('.form.json'))
      .map((file) => ({ name: `${folder}/${file}`, definition: readFormDefinition(fs.readFileSync(path.join(root, folder, file), 'utf8')) })),
  );
}

/** A value a person could have entered, in the stored shape of the widget. */
export function sampleValue(jnpfKey: string, props: Record<string, unknown> = {}): unknown {
  const key = canonicalJnpfKey(jnpfKey);
  const options = (props.options as Record<string, unknown>[] | undefined) ?? [];
  const valueKey = (props.valueKey as string) ?? 'id';
  const first = options[0]?.[valueKey] ?? '1';
  switch (key) {
    case 'comInput': case 'textarea': return 'ABC-123';
    case 'numInput': return 12;
    case 'switch': return props.activeValue ?? 1;
    case 'radio': return first;
    case 'select': return props.multiple ? [first] : first;
    case 'checkbox': return [first];
    case 'cascader': return ['1', '2'];
    case 'treeSelect': return props.multiple ? ['1'] : '1';
    case 'date': return 1700000000000;
    case 'time': return '08:30:00';
    case 'dateRange': return [1700000000000, 1700086400000];
    case 'timeRange': return ['08:00:00', '09:00:00'];
    case 'colorPicker': return '#ff0000';
    case 'rate': return 3;
    case 'slider': return props.range ? [10, 40] : 40;
    case 'editor': return '<p>hello</p>';
    case 'uploadFz': case 'uploadImg': return [{ name: 'a.txt', fileId: 'f1', url: '/api/file/a.txt' }];
    case 'numRange': return [1, 5];
    case 'address': case 'usersSelect': return ['id-1'];
    case 'calculate': return undefined;
    default: return 'id-1';
  }
}

/** Sample values for every stored field of a compiled form, sub-table rows included. */
export function sampleValues(compiled: CompiledForm): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const visit = (properties: Record<string, any> | undefined) => {
    for (const [key, schema] of Object.entries(properties ?? {})) {
      if (schema.type === 'void') {
        visit(schema.properties);
        continue;
      }
      const component = schema['x-component'] as string;
      if (component === 'table') {
        const columns = (schema['x-component-props']?.columns ?? []) as ColumnSpec[];
        values[key] = [0, 1].map(() => Object.fromEntries(columns.filter((c) => c.jnpfKey !== 'calculate').map((c) => [c.key, sampleValue(c.jnpfKey, c.props)])));
      } else {
        const value = sampleValue(component, schema['x-component-props']);
        if (value !== undefined) values[key] = value;
      }
    }
  };
  visit(compiled.schema.properties as Record<string, any>);
  return values;
}
