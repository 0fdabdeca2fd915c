export default function LoginPage() {
  return <h1>Iniciar sesión</h1>;
}
