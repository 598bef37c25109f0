import { z } from 'zod';

/** The most addresses one IP pool holds. */
export const maxIpsPerPool = 256;

const ipEntry = z.union([z.string().max(64), z.object({ external_ip: z.string().max(64) })]);
const domain = z.string().max(255);

/** `POST /api/v1/ip-pools` and `PUT /api/v1/ip-pools/{id}`. */
export const ipPoolBody = z.object({
  name: z.string().trim().min(1).max(128),
  signing_domain: domain.optional(),
  fbl_signing_domain: domain.optional(),
  auto_warmup_overflow_pool: z.string().max(64).optional(),
  ips: z
    .array(ipEntry)
    .max(maxIpsPerPool)
    .optional()
    .describe(
      "Extension: the pool's source addresses, as strings or `{external_ip}`. Only addresses configured on this machine's interfaces; SparkPost assigns IPs through its Sending IPs API instead.",
    ),
});
export type IpPoolBody = z.input<typeof ipPoolBody>;

/** A sending IP as a pool lists it. */
export const poolSendingIp = z.object({
  external_ip: z.string(),
  hostname: z.string(),
  auto_warmup_enabled: z.boolean(),
});

export const ipPoolView = z.object({
  id: z.string(),
  name: z.string(),
  ips: z.array(poolSendingIp),
  signing_domain: z.string().optional(),
  fbl_signing_domain: z.string().optional(),
  auto_warmup_overflow_pool: z.string().optional(),
});
export type IpPoolView = z.infer<typeof ipPoolView>;

/** `GET /api/v1/sending-ips`: an address this server sends from, and the pool holding it. */
export const sendingIpView = z.object({
  external_ip: z.string(),
  hostname: z.string(),
  ip_pool: z.string(),
  auto_warmup_enabled: z.boolean(),
});
export type SendingIpView = z.infer<typeof sendingIpView>;

export const sendingIpParams = z.object({ external_ip: z.string().min(1).max(64) });

/** `PUT /api/v1/sending-ips/{external_ip}`: moves the address into a pool. */
export const sendingIpMoveBody = z.object({ ip_pool: z.string().trim().min(1).max(64) });
