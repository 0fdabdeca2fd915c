export default function ProfilePage() {
  return <h1>Mi perfil</h1>;
}
