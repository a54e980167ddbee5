import { FormRenderer } from '../../../../src/kernel/client/runtime/FormRenderer.js';
import { tableDefinition, tableRows, wideDefinition } from '../generate.js';

/** This project's runtime: the generated JNPF definitions, rendered as the product renders them. */
export function RuntimeWide() {
  return <FormRenderer definition={wideDefinition()} />;
}

export function RuntimeTable() {
  return <FormRenderer definition={tableDefinition()} initialValues={{ items: tableRows() }} />;
}
