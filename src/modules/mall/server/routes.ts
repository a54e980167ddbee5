import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { idParams, listQueryProperties } from '../../../kernel/server/crud/requestSchemas.js';
import * as mall from './service.js';
import { linkItems, SUPPLIER_MENU, supplierItems, suppliers, unlinkItem } from './suppliers.js';

/**
 * The mall calls of spec 001 §7 and the cart, order and itemDict calls issue 14 names. The catalogue, cart and
 * itemDict calls need a session only (the top bar's badge and the requisition drawer use them from any page; a
 * cart is always the caller's own). Orders are data-scoped on mall.orders: own for staff, all for procurement;
 * moving an order's status needs mall.orders' btn_edit.
 */
export const MALL_SEARCH_MENU = 'mall.search';
export const MALL_ORDERS_MENU = 'mall.orders';

/** Quantities are read loosely here (a number or numeric text) so the service answers the mall's own message. */
const quantity = { type: ['integer', 'number', 'string'], maxLength: 20 } as const;
const text = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;
const paged = { type: 'object', properties: { ...listQueryProperties } } as const;
const idList = { type: 'array', maxItems: 500, items: { type: 'string', minLength: 1, maxLength: 50 } } as const;

const CART = '/api/cart/BizCartDetail';

export async function mallRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  const { db } = ctx;
  // The 供应商 page: the six declared calls, and the items of a supplier (linked, and the others to link).
  suppliers.routes(app, { db });
  const supplierPage = { config: { permission: { menu: SUPPLIER_MENU } } };
  const supplierEdit = { config: { permission: { menu: SUPPLIER_MENU, button: 'btn_edit' } } };
  const itemsQuery = { type: 'object', properties: { ...listQueryProperties } } as const;
  for (const [path, linked] of [['Items', true], ['Candidates', false]] as const) {
    app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(`/api/mall/Supplier/:id/${path}`, { ...supplierPage, schema: { params: idParams, querystring: itemsQuery } }, async (request) =>
      ok(await supplierItems(db, request.params.id, request.query, linked)),
    );
  }
  app.put<{ Params: { id: string }; Body: { ids: string[] } }>(
    '/api/mall/Supplier/:id/Items',
    { ...supplierEdit, schema: { params: idParams, body: { type: 'object', required: ['ids'], properties: { ids: { ...idList, minItems: 1 } } } } },
    async (request) => ok({ linked: await linkItems(db, request.params.id, request.body.ids) }, request.t('common.updated')),
  );
  app.delete<{ Params: { id: string; itemId: string } }>(
    '/api/mall/Supplier/:id/Items/:itemId',
    { ...supplierEdit, schema: { params: { type: 'object', properties: { id: { type: 'string', maxLength: 50 }, itemId: { type: 'string', maxLength: 50 } } } } },
    async (request) => {
      await unlinkItem(db, request.params.id, request.params.itemId);
      return ok(null, request.t('common.updated'));
    },
  );
  const userOf = (request: { session?: { userId: string } | null }) => request.session!.userId;

  app.post<{ Body: { cas?: string; keyword?: string; currentPage?: number; pageSize?: number } }>(
    '/api/mall/itemListByCas',
    { schema: { body: { type: 'object', properties: { ...listQueryProperties, cas: { type: 'string', maxLength: 50 } } } } },
    async (request) => ok(await mall.itemList(db, request.body ?? {})),
  );
  app.get<{ Params: { id: string } }>('/api/mall/itemDetails/:id', { schema: { params: idParams } }, async (request) => ok(await mall.itemById(db, request.params.id)));
  app.post<{ Params: { cas: string } }>(
    '/api/mall/itemDetails/byCas/:cas',
    { schema: { params: { type: 'object', properties: { cas: { type: 'string', maxLength: 50 } } } } },
    async (request) => ok(await mall.itemsByCas(db, request.params.cas)),
  );
  app.post<{ Body: { keyword?: string } }>('/api/mall/suppliers', { schema: { body: paged } }, async (request) => ok(await mall.suppliers(db, request.body ?? {})));
  app.post<{ Body: { casList?: string[]; itemIds?: string[] } }>(
    '/api/mall/getReagentControl',
    { schema: { body: { type: 'object', properties: { casList: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 50 } }, itemIds: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 50 } } } } } },
    async (request) => ok(await mall.reagentControl(db, request.body ?? {})),
  );
  app.post<{ Body: { itemId: string; quantity?: unknown } }>(
    '/api/mall/putCart',
    { schema: { body: { type: 'object', required: ['itemId'], properties: { itemId: { type: 'string', minLength: 1, maxLength: 50 }, quantity } } } },
    async (request) => ok(await mall.putCart(db, userOf(request), request.body), request.t('mall.addedToCart')),
  );

  app.post<{ Body: { keyword?: string } }>(`${CART}/getList`, { schema: { body: paged } }, async (request) => ok(await mall.cartList(db, userOf(request), request.body ?? {})));
  app.get(`${CART}/getCartItemNum`, async (request) => ok(await mall.cartItemNum(db, userOf(request))));
  app.put<{ Params: { id: string }; Body: { quantity: unknown } }>(
    `${CART}/:id/quantity`,
    { schema: { params: idParams, body: { type: 'object', required: ['quantity'], properties: { quantity } } } },
    async (request) => ok(await mall.setCartQuantity(db, userOf(request), request.params.id, request.body.quantity)),
  );
  app.delete<{ Params: { id: string } }>(`${CART}/:id`, { schema: { params: idParams } }, async (request) => ok(await mall.removeCartItems(db, userOf(request), [request.params.id]), request.t('common.deleted')));
  app.post<{ Body: { ids: string[] } }>(
    `${CART}/remove`,
    { schema: { body: { type: 'object', required: ['ids'], properties: { ids: idList } } } },
    async (request) => ok(await mall.removeCartItems(db, userOf(request), request.body.ids), request.t('common.deleted')),
  );
  app.put<{ Body: { ids?: string[]; selected: number } }>(
    `${CART}/select`,
    { schema: { body: { type: 'object', required: ['selected'], properties: { ids: idList, selected: { type: 'integer', enum: [0, 1] } } } } },
    async (request) => ok(await mall.selectCartItems(db, userOf(request), request.body)),
  );
  app.post<{ Body: mall.FromMallBody }>(
    `${CART}/fromMall`,
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            fromMallParamObj: { type: ['object', 'null'], properties: { itemId: { type: 'string', maxLength: 50 }, quantity } },
            cartIds: idList,
            address: text(500),
            remarks: text(500),
          },
        },
      },
    },
    async (request) => ok(await mall.buyNow(db, userOf(request), request.body ?? {}), request.t('mall.ordered')),
  );

  app.post<{ Body: { keyword?: string; status?: number } }>(
    '/api/mall/order/list',
    { schema: { body: { type: 'object', properties: { ...listQueryProperties, status: { type: 'integer', minimum: -2, maximum: 10 }, userId: { type: 'string', maxLength: 50 } } } }, config: { permission: { menu: MALL_ORDERS_MENU, dataScope: true } } },
    async (request) => ok(await mall.orderList(db, request.body ?? {}, request.dataScope, request.language)),
  );
  app.get<{ Params: { id: string } }>(
    '/api/mall/order/:id',
    { schema: { params: idParams }, config: { permission: { menu: MALL_ORDERS_MENU, dataScope: true } } },
    async (request) => ok(await mall.orderDetail(db, request.params.id, request.dataScope, request.language)),
  );
  app.put<{ Params: { id: string } }>('/api/mall/order/:id/Actions/Cancel', { schema: { params: idParams } }, async (request) => {
    await mall.cancelOrder(db, request.params.id, userOf(request));
    return ok(null, request.t('mall.cancelled'));
  });
  app.put<{ Params: { id: string }; Body: { status: number } }>(
    '/api/mall/order/:id/Actions/Status',
    { schema: { params: idParams, body: { type: 'object', required: ['status'], properties: { status: { type: 'integer', enum: [2, 10] } } } }, config: { permission: { menu: MALL_ORDERS_MENU, button: 'btn_edit', dataScope: true } } },
    async (request) => {
      await mall.moveOrder(db, request.params.id, request.body.status, request.dataScope, request.language);
      return ok(null, request.t('mall.statusChanged'));
    },
  );

  app.get<{ Params: { id: string } }>('/api/itemDict/BizItemDict/detail/:id', { schema: { params: idParams } }, async (request) => ok(await mall.productDetail(db, request.params.id)));
  app.post<{ Body: { keyword?: string } }>('/api/itemDict/BizItemDict/selectStockedProductByEntity', { schema: { body: paged } }, async (request) => ok(await mall.stockedProducts(db, request.body ?? {})));
}
