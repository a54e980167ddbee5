import type { Language } from '../../../shared/language.js';

/** The mall's messages (catalogue, cart, orders), in zh, zhtw and en. */
export const mallMessages = {
  'mall.supplierNotFound': { zh: '供应商不存在', zhtw: '供應商不存在', en: 'No such supplier' },
  'mall.supplierCodeTaken': { zh: '供应商编码已存在', zhtw: '供應商編碼已存在', en: 'This supplier code is already used' },
  'mall.supplierNameTaken': { zh: '供应商名称已存在', zhtw: '供應商名稱已存在', en: 'A supplier of this name already exists' },
  'mall.supplierNameRequired': { zh: '请输入供应商名称', zhtw: '請輸入供應商名稱', en: 'Enter the supplier’s name' },
  'mall.supplierNameTooLong': { zh: '供应商名称最多为50个字符', zhtw: '供應商名稱最多為50個字元', en: 'A supplier name has at most 50 characters' },
  'mall.supplierCodeRequired': { zh: '请输入供应商编码', zhtw: '請輸入供應商編碼', en: 'Enter the supplier’s code' },
  'mall.supplierCodeTooLong': { zh: '供应商编码最多为50个字符', zhtw: '供應商編碼最多為50個字元', en: 'A supplier code has at most 50 characters' },
  'mall.supplierPhoneInvalid': { zh: '联系电话只能包含数字、空格和 + - ( )', zhtw: '聯絡電話只能包含數字、空格和 + - ( )', en: 'A phone number holds digits, spaces and + - ( ) only' },
  'mall.supplierHasItems': { zh: '该供应商下还有商品，请先移除其商品再删除', zhtw: '該供應商下還有商品，請先移除其商品再刪除', en: 'This supplier still has items: remove them first' },
  'mall.casFormat': { zh: 'CAS号格式不正确，应为“数字-两位数字-一位校验码”，如 64-17-5', zhtw: 'CAS號格式不正確，應為「數字-兩位數字-一位校驗碼」，如 64-17-5', en: 'The CAS number is malformed: it should read digits-two digits-one check digit, such as 64-17-5' },
  'mall.casCheckDigit': { zh: 'CAS号校验位不正确，请核对号码', zhtw: 'CAS號校驗位不正確，請核對號碼', en: 'The CAS number\'s check digit is wrong: check the number' },
  'mall.itemNotFound': { zh: '商品不存在或已下架', zhtw: '商品不存在或已下架', en: 'No such item, or it is no longer sold' },
  'mall.quantityRange': { zh: '数量须为1到9999的整数', zhtw: '數量須為1到9999的整數', en: 'The quantity must be a whole number from 1 to 9999' },
  'mall.cartTooMuch': { zh: '购物车中该商品数量不能超过9999', zhtw: '購物車中該商品數量不能超過9999', en: 'The cart holds at most 9999 of one item' },
  'mall.cartItemNotFound': { zh: '购物车中没有该商品', zhtw: '購物車中沒有該商品', en: 'That line is not in your cart' },
  'mall.nothingSelected': { zh: '请先选择要购买的商品', zhtw: '請先選擇要購買的商品', en: 'Select the items to buy first' },
  'mall.outOfStock': { zh: '{{name}}（{{spec}}）库存不足：现有{{stock}}，需要{{quantity}}', zhtw: '{{name}}（{{spec}}）庫存不足：現有{{stock}}，需要{{quantity}}', en: '{{name}} ({{spec}}) is short of stock: {{stock}} left, {{quantity}} asked' },
  'mall.ordered': { zh: '下单成功', zhtw: '下單成功', en: 'Order placed' },
  'mall.addedToCart': { zh: '已加入购物车', zhtw: '已加入購物車', en: 'Added to the cart' },
  'mall.orderNotFound': { zh: '订单不存在', zhtw: '訂單不存在', en: 'No such order' },
  'mall.cancelNotAllowed': { zh: '只有下单成功且未配送的订单可以取消', zhtw: '只有下單成功且未配送的訂單可以取消', en: 'Only an order that is placed and not yet being delivered can be cancelled' },
  'mall.cancelled': { zh: '订单已取消', zhtw: '訂單已取消', en: 'Order cancelled' },
  'mall.statusChanged': { zh: '订单状态已更新', zhtw: '訂單狀態已更新', en: 'Order status updated' },
  'mall.statusMove': { zh: '订单状态不能从“{{from}}”改为“{{to}}”', zhtw: '訂單狀態不能從「{{from}}」改為「{{to}}」', en: 'An order cannot go from "{{from}}" to "{{to}}"' },
  'mall.badBody': { zh: '请提供商品编号和数量，或先在购物车中选择商品', zhtw: '請提供商品編號和數量，或先在購物車中選擇商品', en: 'Give an item id and quantity, or select items in the cart' },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    mall: typeof mallMessages;
  }
}
