import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { PageButton } from '../canvas/PageButton.tsx';
import { ColorField } from '../fields/ColorField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';

const amountError = (amount: string) =>
  /^$|^\d{1,9}([.,]\d{1,2})?$/.test(amount) ? undefined : 'Enter an amount like 49 or 49.90';
const currencyError = (currency: string) =>
  /^[A-Z]{3}$/.test(currency) ? undefined : 'Enter a currency code like EUR or USD';
const paymentLinkError = (href: string) =>
  href === '' || /^https:\/\/[^/\s]+/i.test(href)
    ? undefined
    : 'Enter the payment page, starting with https://';

function PaymentCanvas({ block, global }: CanvasProps<'payment'>) {
  const { title, amount, currency, description, buttonLabel, color } = block.props;
  return (
    <BlockBox global={global} style={block.style}>
      <div
        style={{
          display: 'inline-block',
          minWidth: 240,
          maxWidth: 360,
          textAlign: 'left',
          border: '1px solid #d0d5dd',
          borderRadius: 10,
          padding: '16px 20px',
        }}
      >
        <h2 style={{ margin: '0 0 4px', fontSize: '1.1em' }}>{title}</h2>
        {amount ? (
          <p style={{ margin: '0 0 8px', fontSize: '1.75em', fontWeight: 700, color }}>
            {amount} {currency}
          </p>
        ) : null}
        {description ? <p style={{ margin: '0 0 12px', whiteSpace: 'pre-line' }}>{description}</p> : null}
        {buttonLabel ? <PageButton label={buttonLabel} color={color} /> : null}
      </div>
    </BlockBox>
  );
}

function PaymentSettings({ block, onChange }: SettingsProps<'payment'>) {
  const set = propsSetter(block.props, onChange);
  const { props } = block;
  return (
    <SettingsPanel type="payment">
      <TextField label="What is paid for" value={props.title} onChange={(value) => set('title', value)} />
      <TextField
        label="Amount"
        value={props.amount}
        error={amountError(props.amount)}
        onChange={(value) => set('amount', value.trim())}
      />
      <TextField
        label="Currency"
        value={props.currency}
        error={currencyError(props.currency)}
        onChange={(value) => set('currency', value.trim().toUpperCase())}
      />
      <TextField
        label="Description"
        multiline
        value={props.description}
        onChange={(value) => set('description', value)}
      />
      <TextField
        label="Button text"
        value={props.buttonLabel}
        onChange={(value) => set('buttonLabel', value)}
      />
      <TextField
        label="Payment page"
        value={props.href}
        placeholder="https://"
        hint="Your Stripe Payment Link, PayPal or shop checkout: the visitor pays there"
        error={paymentLinkError(props.href)}
        onChange={(value) => set('href', value.trim())}
      />
      <ColorField
        label="Amount and button colour"
        value={props.color}
        onChange={(value) => set('color', value)}
      />
    </SettingsPanel>
  );
}

export const paymentBlock: BlockDefinition<'payment'> = {
  type: 'payment',
  icon: '€',
  create: () => ({
    title: 'Workshop ticket',
    amount: '49',
    currency: 'EUR',
    description: 'One seat, coffee included.',
    buttonLabel: 'Pay now',
    href: '',
    color: '#1d4ed8',
  }),
  Canvas: PaymentCanvas,
  Settings: PaymentSettings,
};
