/**
 * The mall's own words (zh, zhtw, en), added to the app's translations under `mall.` when the domain loads: what its
 * validator, cells and actions say. The screens carry their own labels (schemas/mall/mall, bizData).
 */
export const zh = {
  search: {
    casFormat: 'CAS号格式不正确：应为三段数字，如 64-17-5',
    casCheckDigit: 'CAS号校验位不正确，请核对后再搜索'
  },
  control: {
    none: '普通',
    hazardous: '危化品',
    precursor: '易制毒',
    toxic: '剧毒',
    explosive: '易制爆'
  },
  message: {
    added: '已加入购物车',
    outOfStock: '库存不足',
    quantityRange: '数量应为 1 到 9999 的整数'
  }
};

type Bundle = typeof zh;

export const zhtw: Bundle = {
  search: {
    casFormat: 'CAS號格式不正確：應為三段數字，如 64-17-5',
    casCheckDigit: 'CAS號校驗位不正確，請核對後再搜尋'
  },
  control: {
    none: '普通',
    hazardous: '危化品',
    precursor: '易製毒',
    toxic: '劇毒',
    explosive: '易製爆'
  },
  message: {
    added: '已加入購物車',
    outOfStock: '庫存不足',
    quantityRange: '數量應為 1 到 9999 的整數'
  }
};

export const en: Bundle = {
  search: {
    casFormat: 'Not a CAS number: three groups of digits, such as 64-17-5',
    casCheckDigit: 'The CAS number’s check digit is wrong: please check the number'
  },
  control: {
    none: 'Unrestricted',
    hazardous: 'Hazardous',
    precursor: 'Precursor',
    toxic: 'Highly toxic',
    explosive: 'Explosive precursor'
  },
  message: {
    added: 'Added to the cart',
    outOfStock: 'Not enough stock',
    quantityRange: 'The quantity is a whole number from 1 to 9999'
  }
};
