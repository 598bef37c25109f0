-- A form's captcha provider secret key (hCaptcha, Turnstile, reCAPTCHA), sealed with a key derived
-- from the server's SECRET: the server sends it to the provider, so it is not hashed; no answer shows it.
ALTER TABLE forms ADD COLUMN captcha_secret text;
