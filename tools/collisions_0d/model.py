# Independent 0D model of the pairing (docs/collisions.md, "The residual, analysed again"); no picl code. Run with the venv: python model.py N DT_DIVISOR maxw|none
# independent 0D Takizuka-Abe / Nanbu model, non-relativistic, for e-i relaxation
import numpy as np, sys
qe=1.602176634e-19; me=9.1093837015e-31; eps0=8.8541878128e-12
def nanbu_cos(s,U):
    c=np.empty_like(s)
    a=s<0.1; c[a]=1+s[a]*np.log(U[a])
    b=(s>=0.1)&(s<3); sb=s[b]
    ainv=0.0056958+0.9560202*sb-0.508139*sb**2+0.47913906*sb**3-0.12788975*sb**4+0.02389567*sb**5
    A=1/ainv; c[b]=ainv*np.log(np.exp(-A)+2*U[b]*np.sinh(A))
    d=(s>=3)&(s<6); A=3*np.exp(-s[d]); c[d]=np.log(np.exp(-A)+2*U[d]*np.sinh(A))/A
    e=s>=6; c[e]=2*U[e]-1
    return np.clip(c,-1,1)
def rotate(g,cosx,phi):
    G=np.linalg.norm(g,axis=1); sinx=np.sqrt(np.maximum(0,1-cosx**2))
    gp=np.sqrt(g[:,0]**2+g[:,1]**2)
    out=np.empty_like(g)
    out[:,0]=g[:,0]*cosx+sinx*(np.cos(phi)*g[:,0]*g[:,2]/gp - np.sin(phi)*G*g[:,1]/gp)
    out[:,1]=g[:,1]*cosx+sinx*(np.cos(phi)*g[:,1]*g[:,2]/gp + np.sin(phi)*G*g[:,0]/gp)
    out[:,2]=g[:,2]*cosx-sinx*np.cos(phi)*gp
    return out
def collide(va,vb,ma,mb,n,dt,lnL,rng,expo=False):
    mu=ma*mb/(ma+mb); g=va-vb; G=np.linalg.norm(g,axis=1)
    s=lnL*qe**4*n*dt/(4*np.pi*eps0**2*mu**2*G**3)
    U=rng.random(len(G)); cosx=nanbu_cos(s,U)
    phi=2*np.pi*rng.random(len(G))
    g2=rotate(g,cosx,phi); V=(ma*va+mb*vb)/(ma+mb)
    return V+mu/ma*g2, V-mu/mb*g2, s
def T(v,m): return m*np.mean(np.sum(v**2,1))/3
def maxw(v,m,rng):  # thermostat: fresh Maxwellian, same T exactly
    t=T(v,m); w=rng.normal(size=v.shape); w-=w.mean(0); return w*np.sqrt(t/T(w,m))
def nu(ma,mb,ta,tb,n,lnL):
    return 8*np.sqrt(2*np.pi)*n*qe**4*lnL*np.sqrt(ma*mb)/(3*(4*np.pi*eps0)**2*(ma*tb+mb*ta)**1.5)
if __name__=="__main__":
    N=int(sys.argv[1]); div=float(sys.argv[2]); mode=sys.argv[3]
    mi=10*me; n=1e26; lnL=10; dt=2.5e-14/div
    rng=np.random.default_rng(1)
    ve=rng.normal(size=(N,3))*np.sqrt(200*qe/me); vi=rng.normal(size=(N,3))*np.sqrt(100*qe/mi)
    te,ti=T(ve,me),T(vi,mi); tau=1/(2*nu(me,mi,te,ti,n,lnL)); the,thi=te,ti
    steps=int(round(1.2*tau/dt)); d0=te-ti; worst=0
    for k in range(steps):
        p=rng.permutation(N)
        ve,vi2,s=collide(ve,vi[p],me,mi,n,dt,lnL,rng); vi[p]=vi2
        if k==0: print("s0 median", np.median(s))
        if mode=="maxw": ve=maxw(ve,me,rng); vi=maxw(vi,mi,rng)
        h=dt/4
        for _ in range(4):
            r=nu(me,mi,the,thi,n,lnL); the,thi=the-h*r*(the-thi),thi+h*r*(the-thi)
        te,ti=T(ve,me),T(vi,mi)
        t=(k+1)*dt
        if t<=tau: worst=max(worst,abs((te-ti)-(the-thi))/(the-thi))
        if (k+1)%max(1,steps//6)==0: print(f"t/tau {t/tau:.2f} dT {(te-ti)/qe:.2f} theory {(the-thi)/qe:.2f} ratio {(te-ti)/(the-thi):.3f}")
    print("worst",worst)
