/** What the SMTP relay needs from the business side; the SMTP protocol handling lives in smtp-relay.ts. */

export interface RelayPrincipal {
  companyId: string;
  subaccountId: number;
  keyId: string;
}

/** SMTP reply code and text including the enhanced status code, e.g. 550 '5.7.1 ...'. */
export type RelayRefusal = { code: number; message: string };

export interface XMsysApi {
  campaign_id?: string;
  metadata?: Record<string, unknown>;
  tags?: string[];
  /** Our extension (SparkPost's relay has none): send this stored template instead of the DATA's content. */
  template_id?: string;
  use_draft_template?: boolean;
  substitution_data?: Record<string, unknown>;
  options?: {
    open_tracking?: boolean;
    initial_open?: boolean;
    click_tracking?: boolean;
    transactional?: boolean;
    sandbox?: boolean;
    skip_suppression?: boolean;
    ip_pool?: string;
    inline_css?: boolean;
    dkim_key?: string;
  };
}

export interface RelayAuthInput {
  /** Always 'SMTP_Injection': the relay refuses any other user name before calling deps. */
  username: 'SMTP_Injection';
  /** From the user name form `SMTP_Injection:X-MSYS-SUBACCOUNT=<digits>`; absent for the primary account. */
  subaccountId?: number;
  /** The API key. */
  password: string;
  remoteAddress: string;
}

export interface RelayMessage {
  /** Envelope sender; '' for the null sender `<>`. */
  mailFrom: string;
  recipients: string[];
  /** The message as received, X-MSYS-API header fields removed. */
  raw: Buffer;
  api: XMsysApi | undefined;
  remoteAddress: string;
  /** Id the relay puts in its 250 reply, so a stored message can be matched to what the client saw. */
  queueId: string;
}

export interface RelayDeps {
  /** null = bad credentials (535). A refusal = e.g. key lacks smtp/inject, IP not in valid_ips, subaccount suspended. */
  authenticate(input: RelayAuthInput): Promise<RelayPrincipal | RelayRefusal | null>;
  /** Per RCPT TO: undefined = accept, or a refusal (e.g. sandbox: not an authorized recipient). Suppression is NOT checked here. */
  checkRecipient(principal: RelayPrincipal, address: string): Promise<RelayRefusal | undefined>;
  /**
   * Called once per message after DATA; resolves only after the message is durably stored. May return a
   * refusal (quota exceeded, malformed) that becomes the DATA reply.
   */
  submit(principal: RelayPrincipal, message: RelayMessage): Promise<RelayRefusal | undefined>;
}
