import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { FormDefinition } from '../../../shared/form/definition.js';
import { hashPasswordForTransport } from '../../../shared/passwordHash.js';
import { request } from '../../../kernel/client/api/request.js';
import { captchaUrl } from '../../../kernel/client/api/oauth.js';
import { registerWords } from '../../../kernel/client/i18n/registerWords.js';
import { FormRenderer, type FormRendererHandle } from '../../../kernel/client/runtime/FormRenderer.js';
import { refusedFields } from '../../../kernel/client/runtime/refusedFields.js';
import { shortLinkWords } from '../locale/words.js';
import './shortLink.css';

registerWords(shortLinkWords);

/**
 * /formShortLink?encryption=<code> (spec 000 §2, public): a released design's form for a visitor who is not signed
 * in. The link's state first (gone, expired, a password to ask), then the form as the design has it, a captcha and
 * 提交; a refusal marks the fields it names, as the form dialog does. The server checks everything again
 * (src/modules/shortLink/server). The form's widgets get no platform services: a design is offered by link only
 * when none of its fields needs them.
 */
const BASE = '/visualdev/ShortLink';

interface LinkState {
  fullName: string;
  formPassUse: number;
  expiryTime: number | null;
}

const newCaptchaId = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

export function FormShortLinkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('encryption') ?? '';
  const [link, setLink] = useState<LinkState | null>(null);
  const [failure, setFailure] = useState<string | null>(code ? null : t('shortLink.page.noLink'));
  const [pass, setPass] = useState<string | null>(null);
  const [definition, setDefinition] = useState<FormDefinition | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!code) return;
    request<LinkState>({ url: `${BASE}/getConfig/${encodeURIComponent(code)}`, silent: true }).then(
      ({ data }) => setLink(data),
      (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
    );
  }, [code]);

  const needsPass = link?.formPassUse === 1 && !pass;
  useEffect(() => {
    if (!link || needsPass) return;
    request<{ formData: string }>({ url: `${BASE}/${encodeURIComponent(code)}/Config`, headers: pass ? { 'x-short-link-pass': pass } : undefined, silent: true }).then(
      ({ data }) => setDefinition(JSON.parse(data.formData) as FormDefinition),
      (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
    );
  }, [link, needsPass, pass, code]);

  let body: React.ReactNode;
  if (failure) body = <div data-testid="short-link-failure"><Result status="404" title={failure} /></div>;
  else if (!link) body = <div className="lc-short-link-loading"><Spin tip={t('shortLink.page.loading')} /></div>;
  else if (needsPass) body = <PasswordStep code={code} onPass={setPass} />;
  else if (submitted) {
    body = (
      <div data-testid="short-link-submitted">
        <Result
          status="success"
          title={t('shortLink.page.submitted')}
          subTitle={t('shortLink.page.submittedDetail')}
          extra={<Button type="primary" onClick={() => { setSubmitted(false); setRound((n) => n + 1); }}>{t('shortLink.page.again')}</Button>}
        />
      </div>
    );
  } else if (!definition) body = <div className="lc-short-link-loading"><Spin /></div>;
  else body = <FillStep key={round} code={code} pass={pass} definition={definition} onSubmitted={() => setSubmitted(true)} />;

  return (
    <div className="lc-short-link" data-testid="short-link-page">
      <Card className="lc-short-link-card" title={link?.fullName}>
        {link?.expiryTime ? <Typography.Paragraph type="secondary">{t('shortLink.page.expires', { time: dayjs(link.expiryTime).format('YYYY-MM-DD HH:mm') })}</Typography.Paragraph> : null}
        {body}
      </Card>
    </div>
  );
}

function PasswordStep({ code, onPass }: { code: string; onPass(pass: string): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enter = async ({ password }: { password: string }) => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await request<{ pass: string }>({ url: `${BASE}/checkPwd`, method: 'POST', data: { encryption: code, password: hashPasswordForTransport(password) }, silent: true });
      onPass(data.pass);
    } catch (refusal) {
      setError(refusal instanceof Error ? refusal.message : String(refusal));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={enter} className="lc-short-link-password" data-testid="short-link-password">
      <Typography.Paragraph>{t('shortLink.page.passwordHint')}</Typography.Paragraph>
      <Form.Item name="password" rules={[{ required: true, message: t('shortLink.page.password') }]}>
        <Input.Password placeholder={t('shortLink.page.password')} maxLength={20} autoFocus autoComplete="off" />
      </Form.Item>
      {error ? <Alert type="error" showIcon message={error} /> : null}
      <Button type="primary" htmlType="submit" loading={busy} block>
        {t('shortLink.page.enter')}
      </Button>
    </Form>
  );
}

function FillStep({ code, pass, definition, onSubmitted }: { code: string; pass: string | null; definition: FormDefinition; onSubmitted(): void }) {
  const { t } = useTranslation();
  const form = useRef<FormRendererHandle>(null);
  const [captchaId, setCaptchaId] = useState(newCaptchaId);
  const [captchaCode, setCaptchaCode] = useState('');
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const values = await form.current?.submit();
    if (!values) return;
    if (!captchaCode.trim()) {
      setCaptchaError(t('shortLink.page.captchaRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await request({ url: `${BASE}/${encodeURIComponent(code)}`, method: 'POST', headers: pass ? { 'x-short-link-pass': pass } : undefined, data: { data: JSON.stringify(values), captchaId, captchaCode: captchaCode.trim() }, silent: true });
      onSubmitted();
    } catch (refusal) {
      const fields = refusedFields(refusal);
      for (const [field, text] of fields) {
        form.current?.form.setFieldState(field, (state) => {
          state.selfErrors = [text];
        });
      }
      setError(refusal instanceof Error ? refusal.message : String(refusal));
      // A captcha is good for one try, whatever the answer.
      setCaptchaId(newCaptchaId());
      setCaptchaCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="lc-short-link-form">
      <FormRenderer ref={form} definition={definition} />
      <div className="lc-short-link-captcha">
        <span className="lc-short-link-captcha-label">{t('shortLink.page.captcha')}</span>
        <Input
          value={captchaCode}
          onChange={(event) => {
            setCaptchaCode(event.target.value);
            setCaptchaError(null);
          }}
          placeholder={t('shortLink.page.captchaPlaceholder')}
          maxLength={6}
          autoComplete="off"
          status={captchaError ? 'error' : undefined}
          data-testid="short-link-captcha-input"
        />
        <img className="lc-captcha" src={captchaUrl(captchaId)} alt={t('shortLink.page.captchaRefresh')} title={t('shortLink.page.captchaRefresh')} onClick={() => setCaptchaId(newCaptchaId())} data-captcha={captchaId} />
      </div>
      {captchaError ? <div className="lc-short-link-captcha-error" role="alert">{captchaError}</div> : null}
      {error ? <Alert type="error" showIcon message={error} data-testid="short-link-error" /> : null}
      <Button type="primary" block size="large" loading={busy} onClick={() => void submit()} data-testid="short-link-submit">
        {t('shortLink.page.submit')}
      </Button>
    </div>
  );
}
