/** Cognito operations posted the way amazon-cognito-identity-js posts them, for tests against a running server. */
export async function cognitoCall(
  endpoint: string,
  operation: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A complete sign-up of a REGULAR user on the embedded service (the demo pool's client id). */
export function signUpBody(email: string, password = 'Sakura-2024', clientId = 'local-regular-client') {
  return {
    ClientId: clientId,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: 'Hanako Yamada' },
      { Name: 'address', Value: '1-1 Chiyoda, Tokyo' },
      { Name: 'phone_number', Value: '+81312345678' },
      { Name: 'custom:region_code', Value: '1' },
    ],
  };
}
