import { InputNumber } from 'antd';
import { QUANTITY_MAX, QUANTITY_MIN } from './status.js';

/** A quantity stepper, 1–9999 whole units; an emptied box goes back to the last good value. */
export function QuantityInput({ value, onChange, disabled, size }: { value: number; onChange: (value: number) => void; disabled?: boolean; size?: 'small' | 'middle' }) {
  return (
    <span data-testid="mall-quantity">
      <InputNumber
        className="lc-mall-quantity"
        min={QUANTITY_MIN}
        max={QUANTITY_MAX}
        precision={0}
        step={1}
        value={value}
        disabled={disabled}
        size={size}
        style={{ width: 110 }}
        onChange={(next) => {
          if (typeof next === 'number' && Number.isFinite(next)) onChange(Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, Math.round(next))));
        }}
      />
    </span>
  );
}
