export default function ResetPasswordPage() {
  return <h1>Restablecer contraseña</h1>;
}
