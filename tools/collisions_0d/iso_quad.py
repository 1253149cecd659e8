# exact Landau-limit rate of T_par for a bi-Maxwellian (like particles), by quadrature:
# dT_z/dt = m K/4 E[(G^2 - 3 g_z^2)/G^3], g ~ N(0, diag(a, a, b)), a = 2 T_perp/m, b = 2 T_par/m
import numpy as np
from scipy import integrate
qe=1.602176634e-19; me=9.1093837015e-31; eps0=8.8541878128e-12
n=1e26; lnL=10; m=me; mu=m/2
K=lnL*qe**4*n/(4*np.pi*eps0**2*mu**2)
def rate(tp,tz):
    a,b=2*tp/m,2*tz/m
    norm=1/((2*np.pi)**1.5*a*np.sqrt(b))
    f=lambda th: 2*np.pi*np.sin(th)*(1-3*np.cos(th)**2)/(2*(np.sin(th)**2/(2*a)+np.cos(th)**2/(2*b)))
    E=norm*integrate.quad(f,0,np.pi,epsabs=0,epsrel=1e-12)[0]
    return m*K/4*E
for tp,tz in [(200,100),(150,100),(101,100),(100,200)]:
    tp*=qe; tz*=qe
    A=tp/tz-1
    F=np.arctan(np.sqrt(A))/np.sqrt(A) if A>0 else np.arctanh(np.sqrt(-A))/np.sqrt(-A)
    nuT=2*np.sqrt(np.pi)*qe**4*n*lnL/((4*np.pi*eps0)**2*np.sqrt(m)*tz**1.5)*(-3+(A+3)*F)/A**2
    print(tp/qe,tz/qe,"Landau dTpar/dt",rate(tp,tz),"NRL",2*nuT*(tp-tz),"ratio",rate(tp,tz)/(2*nuT*(tp-tz)))
