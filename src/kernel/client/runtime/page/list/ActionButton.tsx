import { Button, Tooltip, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasAction } from '../actions.js';
import { textOf, type ScreenButton } from '../screen.js';

/**
 * A screen button. One whose action names an actionType nobody registered shows disabled, saying why when
 * pointed at, rather than failing when pressed.
 */
export function ActionButton({ button, language, ...props }: { button: ScreenButton; language: string } & Omit<ButtonProps, 'children'>) {
  const { t } = useTranslation();
  const unknown = button.action && !hasAction(button.action.actionType) ? t('page.unknownAction', { actionType: button.action.actionType }) : undefined;
  const rendered = (
    <Button {...props} disabled={props.disabled || Boolean(unknown)} danger={props.danger || Boolean(unknown)} data-action={button.value}>
      {textOf(button.label, language)}
    </Button>
  );
  return unknown ? <Tooltip title={unknown}><span data-testid="unknown-action">{rendered}</span></Tooltip> : rendered;
}
