import type { Translations } from '../../../shared/translations.js';

/**
 * The mall's words in the web client, under `mall.`: what its validator, cells and actions say. The screens carry
 * their own labels (schemas/mall). Registered when the module's client loads.
 */
export const mallWords = {
  'mall.search.casFormat': { zh: 'CAS号格式不正确：应为三段数字，如 64-17-5', zhtw: 'CAS號格式不正確：應為三段數字，如 64-17-5', en: 'Not a CAS number: three groups of digits, such as 64-17-5' },
  'mall.search.casCheckDigit': { zh: 'CAS号校验位不正确，请核对后再搜索', zhtw: 'CAS號校驗位不正確，請核對後再搜尋', en: 'The CAS number’s check digit is wrong: please check the number' },
  'mall.control.none': { zh: '普通', zhtw: '普通', en: 'Unrestricted' },
  'mall.control.hazardous': { zh: '危化品', zhtw: '危化品', en: 'Hazardous' },
  'mall.control.precursor': { zh: '易制毒', zhtw: '易製毒', en: 'Precursor' },
  'mall.control.toxic': { zh: '剧毒', zhtw: '劇毒', en: 'Highly toxic' },
  'mall.control.explosive': { zh: '易制爆', zhtw: '易製爆', en: 'Explosive precursor' },
  'mall.message.added': { zh: '已加入购物车', zhtw: '已加入購物車', en: 'Added to the cart' },
  'mall.message.outOfStock': { zh: '库存不足', zhtw: '庫存不足', en: 'Not enough stock' },
  'mall.message.quantityRange': { zh: '数量应为 1 到 9999 的整数', zhtw: '數量應為 1 到 9999 的整數', en: 'The quantity is a whole number from 1 to 9999' },
} as const satisfies Translations;
