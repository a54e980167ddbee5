import { Badge, Button, Tooltip } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { CART_BADGE_MAX, cartBadge } from './cartBadge.js';

/** The cart in the top bar (spec 000 §2, 001 §2): the count of items, up to 10000; a click opens the cart. */
export function CartBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { count } = useSnapshot(cartBadge);
  return (
    <Tooltip title={t('nav.cart')}>
      <Badge count={count} overflowCount={CART_BADGE_MAX} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<ShoppingCartOutlined />} aria-label={t('nav.cart')} onClick={() => navigate('/bizData/bizcartdetail')} data-testid="cart-icon" />
      </Badge>
    </Tooltip>
  );
}
