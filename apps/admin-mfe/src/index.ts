// Development harness only: the shell never loads this entry.
import('./dev/bootstrap');
