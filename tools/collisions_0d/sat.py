import numpy as np
from scipy import integrate
qe=1.602176634e-19; me=9.1093837015e-31; eps0=8.8541878128e-12
mi=10*me; mu=me*mi/(me+mi); n=1e26; lnL=10
sig2=200*qe/me+100*qe/mi
def one_minus_cos(s):
    return np.where(s<0.1, s, 1-np.exp(-s))
for div in [1,2,4,8,16,32,64]:
    dt=2.5e-14/div
    K=lnL*qe**4*n*dt/(4*np.pi*eps0**2*mu**2)
    sig=np.sqrt(sig2)
    f=lambda g: g**2*np.exp(-g**2/(2*sig2))*g**2  # Maxwell density * g^2 (from V.g with E[V|g] ~ g)
    num=integrate.quad(lambda x: f(x*sig)*one_minus_cos(K/(x*sig)**3),0,12,limit=500,points=[0.01,0.1,1])[0]
    den=integrate.quad(lambda x: f(x*sig)*K/(x*sig)**3,0,np.inf,limit=500)[0]
    print(div, "s at g_rms", K/(3*sig2)**1.5, "exchange/theory", num/den)
