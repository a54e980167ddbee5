import type { GenerationModel } from '../model.js';

/**
 * The generated JSON screen (schemas/screens/<area>/<module>.json) on our page runtime (docs/page-schema.md): the
 * list design's columns and search fields, the design's form, and the generated module's calls. A search field
 * whose key is not a plain name cannot be named in a call template ({search.<key>}) and is left out of the body.
 */
const PAGE_SIZES = [20, 50, 100, 500] as const;

export function screenDocument(model: GenerationModel): Record<string, unknown> {
  const searchKeys = new Set(model.search.map((s) => s.field));
  const searchList = (model.design.columnData.searchList ?? [])
    .filter((entry) => entry && typeof entry.__vModel__ === 'string' && searchKeys.has(entry.__vModel__) && entry.__config__)
    .map((entry) => ({ ...entry, searchType: model.search.find((s) => s.field === entry.__vModel__)!.searchType }));
  const body: Record<string, string> = {
    keyword: '{search.keyword}',
    currentPage: '{page.currentPage}',
    pageSize: '{page.pageSize}',
    sidx: '{sort.sidx}',
    sort: '{sort.sort}',
  };
  for (const search of model.search) if (/^\w+$/.test(search.field) && !Object.hasOwn(body, search.field)) body[search.field] = `{search.${search.field}}`;
  const base = `/${model.apiPath}`;
  const sidx = typeof model.design.columnData.defaultSidx === 'string' && Object.hasOwn(model.sortable, model.design.columnData.defaultSidx) ? model.design.columnData.defaultSidx : 'creatorTime';
  const { fields, popupType, generalWidth, labelWidth } = model.design.formData;
  return {
    $schema: '../../meta/page.schema.json',
    screen: model.screen,
    title: model.title,
    moduleCode: model.menu,
    columnData: {
      type: 1,
      columnList: model.listColumns.map((c) => ({ prop: c.prop, label: c.label, align: c.align, width: c.width })),
      searchList,
      btnsList: [{ value: 'add', label: '新增' }],
      columnBtnsList: [
        { value: 'edit', label: '编辑' },
        { value: 'remove', label: '删除' },
      ],
      hasPage: true,
      pageSize: PAGE_SIZES.find((size) => size >= model.pageSize) ?? 500,
      defaultSidx: sidx,
      sort: model.defaultSort.direction,
      useBtnPermission: true,
    },
    formData: {
      fields,
      popupType: popupType === 'fullScreen' || popupType === 'drawer' ? popupType : 'general',
      ...(typeof generalWidth === 'string' ? { generalWidth } : {}),
      ...(typeof labelWidth === 'number' ? { labelWidth } : {}),
    },
    api: {
      list: { url: `${base}/getList`, method: 'POST', body },
      info: { url: `${base}/{id}` },
      create: { url: base, method: 'POST' },
      update: { url: `${base}/{id}`, method: 'PUT' },
      remove: { url: `${base}/{id}`, method: 'DELETE' },
    },
    cells: { creatorTime: 'dateTime' },
  };
}

export const screenFile = (model: GenerationModel) => `${JSON.stringify(screenDocument(model), null, 2)}\n`;
