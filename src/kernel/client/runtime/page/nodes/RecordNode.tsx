import { useCallback, useContext, useMemo } from 'react';
import { Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { UNSAFE_LocationContext } from 'react-router-dom';
import { ActionButton } from '../list/ActionButton.js';
import { rowMeets } from '../list/rows.js';
import { PageNode, type NodeScope, type PageNodeProps } from '../pageNodes.js';
import { textOf, type PageNodeSpec, type ScreenButton, type ScreenCall, type Text } from '../screen.js';
import { readQueryValue, type Context } from '../template.js';
import { useActionRunner } from '../useActionRunner.js';
import { NodeInputs, useNodeInputs, type NodeInput } from './inputs.js';
import { useCallData } from './useCallData.js';

/**
 * {type: 'record', api, body, actions?, addressParams?, missing?, className?}: one record from `api`, given to the
 * nodes of `body` as {record} (descriptions and tables with source '{record}', '{record.items}'), with buttons
 * under them whose actions get it as {id}, {row} and {record}; a button's `when` is checked against the record.
 * An action's reload reloads the record and what holds this node (the list behind a drawer). `addressParams`
 * fills context names the holder did not give from the address's query ({id: 'prStr'}: /orderDetail?prStr=<id>;
 * {itemId: 'fromMallParamObj.itemId'}: a field of a parameter that holds JSON).
 * A record the server does not give shows `missing` (a 404 result) in place. `inputs` (a quantity before 加入购物车
 * and 立即购买) reach the buttons' actions as {input.<name>}.
 */
export interface RecordNodeSpec extends PageNodeSpec {
  api: ScreenCall;
  body: PageNodeSpec[];
  actions?: ScreenButton[];
  addressParams?: Record<string, string>;
  missing?: Text;
  className?: string;
  /** Inputs before the buttons (a quantity), given to their actions as {input.<name>}. */
  inputs?: NodeInput[];
}

type Row = Record<string, unknown>;

function useAddressContext(params: Record<string, string> | undefined, context: Context): Context {
  const search = useContext(UNSAFE_LocationContext)?.location?.search ?? (typeof window === 'undefined' ? '' : window.location.search);
  return useMemo(() => {
    if (!params) return context;
    const query = new URLSearchParams(search);
    const filled: Context = { ...context };
    for (const [name, param] of Object.entries(params)) if (filled[name] === undefined || filled[name] === null || filled[name] === '') filled[name] = readQueryValue(query, param);
    return filled;
  }, [params, context, search]);
}

export function RecordNode({ node, scope }: PageNodeProps<RecordNodeSpec>) {
  const { i18n } = useTranslation();
  const context = useAddressContext(node.addressParams, scope.context);
  const { data: record, loading, load } = useCallData<Row>(node.api, context);
  const outerReload = scope.reload;
  const reload = useCallback(async () => {
    await Promise.all([load(), outerReload?.()]);
  }, [load, outerReload]);
  const actions = useActionRunner({ modelId: scope.modelId, reload, close: scope.close });
  const inputs = useNodeInputs(node.inputs, context);
  const inner: NodeScope = useMemo(() => ({ ...scope, reload, context: { ...context, record: record ?? {} } }), [scope, reload, context, record]);

  if (loading && !record) return <div className="lc-page-loading-inline"><Spin /></div>;
  if (!record) {
    return (
      <div data-testid="record-missing" className={node.className}>
        <Result status="404" subTitle={textOf(node.missing, i18n.language)} />
      </div>
    );
  }
  const buttons = (node.actions ?? []).filter((button) => rowMeets(button.when, record));
  return (
    <div className={node.className} data-testid="record-node" data-record={String(record.id ?? '')}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {node.body.map((child, index) => (
          <PageNode key={index} node={child} scope={inner} />
        ))}
        <NodeInputs inputs={node.inputs} values={inputs.values} onChange={inputs.set} row={record} />
        {buttons.length > 0 && (
          <Space wrap>
            {buttons.map((button, index) => (
              // Of several buttons the last is the main one (立即购买 after 加入购物车).
              <ActionButton key={button.value} button={button} language={i18n.language} type={buttons.length > 1 && index === buttons.length - 1 ? 'primary' : 'default'} danger={button.value.startsWith('remove') || button.value.startsWith('cancel')} onClick={() => button.action && void actions.run(button.action, { ...inner.context, id: record.id, row: record, input: inputs.values }).catch(() => undefined)} />
            ))}
          </Space>
        )}
      </Space>
      {actions.overlays}
    </div>
  );
}
